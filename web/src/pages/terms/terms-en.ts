import { JOB_DURATIONS_SECONDS, PLAN_QUOTAS } from '../../config/constants';
import { h3, list, operator, ordered, p, type LegalDocument } from '../public-shared/legal-document';

const { starter, pro, enterprise } = PLAN_QUOTAS;
const durations = JOB_DURATIONS_SECONDS.map((s) => `${s} s`).join(', ');
const resolutionName = (resolution: string) => (resolution === '2160p' ? '4K (2160p)' : resolution);

export const termsEn: LegalDocument = {
  title: 'Terms of service',
  lead: 'These terms set out how Kadr works, what you get when you buy credits or a plan, what you may and may not do with the service, and what happens if something goes wrong. Please read them before you sign in for the first time; by creating an account you accept them.',
  updated: '2026-11-21',
  sections: [
    {
      id: 'operator',
      heading: '1. Who provides the service',
      blocks: [
        p(
          'Kadr is provided by the operator named below (“we”, “us”). These terms are the terms of service for services provided electronically within the meaning of the Polish Act of 18 July 2002 on the provision of services by electronic means.',
        ),
        operator(
          'Operator details — to be completed by the operator',
          'Legal name: [[company name and legal form]]',
          'Registered address: [[street, postcode, city, country]]',
          'Registration: [[KRS or CEIDG number]], NIP: [[tax id]], REGON: [[statistical number]]',
          'E-mail for questions, complaints and withdrawals: [[e-mail address]]',
          'Postal address for correspondence: [[address]]',
        ),
      ],
    },
    {
      id: 'definitions',
      heading: '2. Words we use',
      blocks: [
        list(
          'Service — the Kadr web application and everything it offers.',
          'User, you — a person who has an account. A consumer is a user who uses Kadr for purposes not directly related to their business or profession; a sole trader for whom the contract has no professional character has the same protection as a consumer (Art. 38a of the Consumer Rights Act).',
          'Prompt — the text description of a video you enter.',
          'Generation — one video made from one prompt with the settings you choose.',
          'Credits — units in your account that pay for generations. Credits are not money, cannot be exchanged for money and cannot be transferred to anyone else.',
          'Plan — a subscription (Starter, Pro or Enterprise) that gives a monthly number of generations up to a maximum resolution.',
        ),
      ],
    },
    {
      id: 'service',
      heading: '3. What Kadr does',
      blocks: [
        p(
          `You describe a scene in a prompt, choose a model, a length (${durations}), a quality and a speed, and Kadr makes a video from it. Generation runs in the background on our servers; you see its progress live and can leave the page in the meantime. Finished videos go to your personal gallery, where you can watch them.`,
        ),
        p(
          'Videos are made by a video provider: by default the renderer built into Kadr, or — if it is offered and you choose it in the settings — an external provider (currently fal.ai). Results are created automatically; they may differ from what you imagined, and the same prompt may give different results. The available models, qualities and speeds are shown in the generator and may change over time.',
        ),
        p('Having an account is free of charge. Generations are paid for with credits or within a plan’s allowance.'),
      ],
    },
    {
      id: 'requirements',
      heading: '4. Technical requirements',
      blocks: [
        list(
          'a device with internet access and a current version of a common web browser (for example Chrome, Edge, Firefox or Safari) with JavaScript, cookies and local storage enabled;',
          'an account with the identity provider used for signing in to Kadr, with an e-mail address;',
          'for payments — a payment method offered by Tpay.',
        ),
        p(
          'Using the internet carries general risks (for example malware or interception of data); we describe how we protect the service in the [Privacy policy](/polityka-prywatnosci).',
        ),
      ],
    },
    {
      id: 'account',
      heading: '5. Your account',
      blocks: [
        p(
          'You create an account by signing in through the identity provider for the first time and accepting these terms; from that moment a contract for the provision of the service is concluded for an indefinite period. You must be at least 18 years old, or have the consent of your legal guardian. An account is personal: do not share access to it. Keep your sign-in details safe and tell us at once if you think someone else is using your account.',
        ),
        p(
          'You can stop using Kadr at any time and ask us to delete your account by writing to the contact address in section 1 from the e-mail address of your account. Deleting the account removes all its data, including your videos, as described in the Privacy policy. Unused credits and the rest of a running plan expire with the account and are not paid out, unless the law requires otherwise.',
        ),
      ],
    },
    {
      id: 'credits',
      heading: '6. Credits',
      blocks: [
        list(
          'You buy credits in packages. The packages and their prices are shown on the pricing section of the home page and on the Buy credits page.',
          'Credits never expire.',
          'Each generation costs a number of credits that depends on the model, the length, the quality and the speed. The price is shown before you start the generation; starting it means you accept that price.',
          'When you start a generation, its price is held in your account. When the video is ready, the held credits are charged. If the generation fails, or the job is deleted before it finishes, the hold is released and you are not charged.',
          'If you do not have enough credits, the generation does not start.',
          'Credits are non-refundable, except where the law requires a refund — in particular under your rights as a consumer described in sections 9 and 13, and in the situation described in section 15.',
        ),
      ],
    },
    {
      id: 'plans',
      heading: '7. Plans (subscriptions)',
      blocks: [
        list(
          `Starter — ${starter.monthlyGenerations} generations per monthly period, up to ${resolutionName(starter.maxResolution)}.`,
          `Pro — ${pro.monthlyGenerations} generations per monthly period, up to ${resolutionName(pro.maxResolution)}.`,
          `Enterprise — ${enterprise.monthlyGenerations === null ? 'unlimited generations' : `${enterprise.monthlyGenerations} generations per monthly period`}, up to ${resolutionName(enterprise.maxResolution)}; pricing and terms are agreed individually in a separate agreement.`,
        ),
        p(
          'A plan runs for one calendar month from the moment it is activated (for example from 31 January to 28 February). A generation within the allowance and within the plan’s resolution costs no credits; beyond the allowance, or above the plan’s resolution, it is paid with credits. Unused generations do not carry over to the next period.',
        ),
        p(
          'Plans do not renew automatically and we never charge you without your action: each period is bought separately. Buying the same plan while it runs adds one more period. A different plan can be bought when the current one ends.',
        ),
        p(
          'You can cancel a plan at any time on the Subscription page. It then stays active until the end of the period you paid for and does not continue afterwards. Cancelling does not give a refund for the current period, except where the law requires one.',
        ),
      ],
    },
    {
      id: 'payments',
      heading: '8. Prices and payments',
      blocks: [
        list(
          'Prices are given in Polish złoty (PLN) and are gross prices, including the taxes due.',
          'Payments are handled by Tpay — Krajowy Integrator Płatności S.A., ul. Św. Marcin 73/6, 61-808 Poznań — using the payment methods Tpay offers. The payment itself is subject to Tpay’s rules.',
          'A sales contract for credits or a plan is concluded when you place the order and pay. Credits are added, or the plan is activated, automatically as soon as Tpay confirms the payment.',
          'An order that is not paid in time expires; nothing is charged for it.',
          'We issue an invoice or a receipt as required by law; [[how to request an invoice]].',
        ),
      ],
    },
    {
      id: 'withdrawal',
      heading: '9. Right of withdrawal (consumers)',
      blocks: [
        p(
          'As a consumer you may, as a rule, withdraw from a contract concluded at a distance within 14 days without giving a reason. For Kadr this works as follows:',
        ),
        list(
          'Credits are digital content not supplied on a tangible medium. If, before paying, you expressly agreed that the credits are delivered immediately — before the withdrawal period ends — and acknowledged that you thereby lose the right of withdrawal, the right does not apply once the credits are in your account (Art. 38(1)(13) of the Consumer Rights Act). We confirm this consent to you.',
          'A plan is a digital service. You may withdraw within 14 days of buying it. If you asked for the plan to start straight away, we refund the price minus the value of the service provided up to your withdrawal, as far as the law allows.',
          'If you did not give the consent described above, you may withdraw within 14 days of the purchase and we refund the full price.',
        ),
        p(
          'To withdraw, send us a clear statement — for example by e-mail to the address in section 1 — before the period ends; you may use the model withdrawal form set out in Annex 2 to the Consumer Rights Act, but you do not have to. We refund the payment without delay, within 14 days of receiving your statement, using the same payment method you used, unless you agree to another one; the refund costs you nothing. Credits covered by the withdrawal are removed from your account.',
        ),
      ],
    },
    {
      id: 'acceptable-use',
      heading: '10. What you may not do',
      blocks: [
        p('You use Kadr in line with the law, these terms and good practice. In particular you may not:'),
        list(
          'enter prompts or create videos with unlawful content, including content that sexualises minors, incites violence or hatred, promotes terrorism, or infringes someone else’s copyright, trade marks, image or other personal rights;',
          'create material intended to deceive people about real persons or events (for example fake recordings of real people presented as genuine), or to harass, threaten or defame anyone;',
          'use Kadr to send spam, malware or for any other unlawful activity;',
          'try to break into the service or other users’ accounts, overload it, bypass its limits, security or payment, or access it by automated means other than normal use of the app;',
          'resell access to Kadr or make it available to others without our written consent.',
        ),
        p(
          'If you see content that breaks the law or these terms, report it to the contact address in section 1, describing where it is and why you think it is unlawful. We handle reports promptly and tell the person concerned what we decided and why.',
        ),
        p(
          'We may refuse a prompt, stop a generation or remove content that breaks these rules. If you seriously or repeatedly break them, we may suspend your account or terminate the contract as described in section 15.',
        ),
      ],
    },
    {
      id: 'content',
      heading: '11. Your content and rights to it',
      blocks: [
        p(
          'Your prompts remain yours. The videos generated for you are for your use: as between you and us, you may use them for any lawful purpose, including commercially. Please note that content created automatically may not be protected by copyright, and similar results may be generated for other users.',
        ),
        p(
          'To provide the service you give us a non-exclusive, free licence to store, process, copy and show your prompts and videos — to you, and to the video provider you choose for the generation — for as long as they are in your account. We do not use them for any other purpose and do not show them to other users.',
        ),
        p(
          'You are responsible for the prompts you enter and for how you use the videos, in particular that they do not infringe anyone’s rights. The Kadr software, name, logo and design belong to us or our licensors; you may not copy them beyond normal use of the service.',
        ),
      ],
    },
    {
      id: 'availability',
      heading: '12. Availability of the service',
      blocks: [
        p(
          'We try to keep Kadr available at all times, but we do not guarantee uninterrupted operation. There may be breaks for maintenance, updates or failures, including failures of the identity provider, Tpay or an external video provider; we announce planned breaks in the app when we can. How long a generation takes depends on its length, quality, speed and the current load.',
        ),
        p(
          'We may develop and change the service — for example add or remove models or change how the app looks. We will not reduce what you have already paid for: credits keep their validity, and a plan you paid for keeps its allowance until the end of its period.',
        ),
      ],
    },
    {
      id: 'complaints',
      heading: '13. Complaints',
      blocks: [
        p('If something does not work as it should, you can file a complaint:'),
        ordered(
          'Send it by e-mail to the address in section 1 (or by post to the postal address).',
          'Give the e-mail address of your account, describe the problem and what you expect, and if possible add the date, the order number or the identifier of the generation, and the error message with its correlation ID.',
          'We answer within 14 days of receiving the complaint, by e-mail unless you ask for another way. If a consumer’s complaint is not answered within that time, it is considered accepted.',
        ),
        p(
          'Consumers also have the rights provided by law if the digital content or service does not conform to the contract (Chapter 5b of the Consumer Rights Act), including having it brought into conformity, a price reduction or withdrawal from the contract. You can also use out-of-court ways of settling a dispute, for example the help of a municipal or district consumer ombudsman (rzecznik konsumentów) or mediation by the Voivodeship Inspectorate of Trade Inspection; information is available at [uokik.gov.pl](https://uokik.gov.pl).',
        ),
      ],
    },
    {
      id: 'liability',
      heading: '14. Liability',
      blocks: [
        p(
          'We are liable for providing the service in line with these terms and the law. We are not liable for the content of prompts entered by users or for how users use the videos, for breaks caused by force majeure or by third parties we do not control, or for results that differ from what you expected when the service worked as described.',
        ),
        p(
          'Towards users who are not consumers (or sole traders with consumer protection), our liability is limited to actual damage up to the amount the user paid us in the 12 months before the damage occurred, and does not cover lost profits. None of these terms excludes or limits liability that cannot be excluded or limited by law, in particular for damage caused intentionally, or the rights consumers have under mandatory law.',
        ),
      ],
    },
    {
      id: 'termination',
      heading: '15. Ending the contract',
      blocks: [
        p(
          'You can end the contract at any time by asking us to delete your account (section 5). We may end it with 14 days’ notice for important reasons — for example if we stop providing the service — or with immediate effect if you seriously break these terms, in particular section 10. If we end the contract without a breach on your part, we refund the value of your unused credits and the unused part of a plan you paid for.',
        ),
      ],
    },
    {
      id: 'changes',
      heading: '16. Changes to these terms',
      blocks: [
        p(
          'We may change these terms for important reasons: a change in the law, a change in how the service works or what it offers, or security needs. We will tell you about the change in the app or by e-mail at least 14 days before it takes effect. If you do not accept it, you can end the contract before that date; credits you bought and a plan you paid for remain valid under the rules in force when you bought them.',
        ),
      ],
    },
    {
      id: 'law',
      heading: '17. Governing law and disputes',
      blocks: [
        p(
          'These terms and the contracts concluded under them are governed by Polish law. A consumer keeps the protection given by the mandatory provisions of the law of the country where they live. Disputes are decided by the courts having jurisdiction under general rules; for users who are not consumers, by the court having jurisdiction over our registered office.',
        ),
        p('The personal data we process is described in the [Privacy policy](/polityka-prywatnosci).'),
      ],
    },
    {
      id: 'contact',
      heading: '18. Contact',
      blocks: [
        h3('How to reach us'),
        p(
          'Write to the e-mail address given in section 1 — with questions, complaints, withdrawals, reports of unlawful content, enquiries about the Enterprise plan or requests about your data.',
        ),
      ],
    },
  ],
};
