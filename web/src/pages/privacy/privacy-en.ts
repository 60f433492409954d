import { CONSENT_DEFAULTS } from '../../config/constants';
import { list, operator, p, h3, table, type LegalDocument } from '../public-shared/legal-document';

/** The sentence about usage statistics follows the app's actual default (spec §9 "Consent defaults"). */
const analyticsDefault = CONSENT_DEFAULTS.analytics
  ? 'Usage statistics are switched on by default; you can switch them off at any time in [Settings](/settings), and from then on none are sent.'
  : 'Usage statistics are switched off by default and are sent only after you switch them on in [Settings](/settings).';
const analyticsBasis = CONSENT_DEFAULTS.analytics
  ? 'our legitimate interest in understanding how the service is used and keeping it fast (Art. 6(1)(f) GDPR); switching them off is your objection, which we always honour'
  : 'your consent (Art. 6(1)(a) GDPR)';

export const privacyEn: LegalDocument = {
  title: 'Privacy policy',
  lead: 'This policy explains what personal data Kadr processes when you use the service, why, for how long, who else receives it and what rights you have. We collect only what the service needs to work, to be paid for and to stay secure.',
  updated: '2026-11-21',
  sections: [
    {
      id: 'controller',
      heading: '1. Who is responsible for your data',
      blocks: [
        p(
          'The controller of your personal data is the operator of the Kadr service (“Kadr”, “we”, “us”), whose details are given below.',
        ),
        operator(
          'Operator details — to be completed by the operator',
          'Legal name: [[company name and legal form]]',
          'Registered address: [[street, postcode, city, country]]',
          'Registration: [[KRS or CEIDG number]], NIP: [[tax id]], REGON: [[statistical number]]',
          'Contact for privacy matters: [[e-mail address]]',
          'Data protection officer: [[name and e-mail, or “not appointed”]]',
        ),
        p(
          'You can contact us about anything in this policy at the address above. If we have appointed a data protection officer, you can also write to them directly.',
        ),
      ],
    },
    {
      id: 'scope',
      heading: '2. What this policy covers',
      blocks: [
        p(
          'This policy applies to the Kadr web application: the public pages, signing in, generating videos, the gallery, buying credits and plans, and the administrator tools. The rules of using the service are in the [Terms of service](/regulamin).',
        ),
        p(
          'Sign-in is handled by an external identity provider, and payments by Tpay. Each of them also processes your data under its own privacy policy, which we recommend reading.',
        ),
      ],
    },
    {
      id: 'data',
      heading: '3. What data we process, why and on what legal basis',
      blocks: [
        h3('Your account'),
        p(
          'When you sign in for the first time, the identity provider sends us your e-mail address, your name, whether the e-mail address is verified, the provider’s identifier of your account and, if available, your language. We create an account with an internal identifier and remember when you signed up and last signed in. Without an e-mail address an account cannot be created.',
        ),
        p(
          'Purpose and basis: creating and running your account and providing the service you asked for — performance of the contract (Art. 6(1)(b) GDPR).',
        ),
        h3('Your prompts and videos'),
        p(
          'We store the prompts you write, the settings of each generation (model, duration, quality, speed), the progress and outcome of each job (including error codes), and the videos and preview images generated for you. They are visible only to you and, where needed to handle a problem you report or to keep the service running, to the administrator.',
        ),
        p(
          'Purpose and basis: generating videos and keeping your gallery — performance of the contract (Art. 6(1)(b) GDPR).',
        ),
        h3('Credits, orders, payments and plans'),
        p(
          'We keep your credit balance and a ledger of every change to it (purchases, credits held for a running generation, charges, releases after a failed generation), your orders (product, amount in PLN, status, Tpay transaction identifier and dates) and your subscription plan with its monthly usage. When you pay, we send Tpay your e-mail address, your name, the amount and a description of the order.',
        ),
        p(
          'Purpose and basis: selling credits and plans and settling your generations — performance of the contract (Art. 6(1)(b) GDPR); keeping accounting and tax records — a legal obligation (Art. 6(1)(c) GDPR); handling complaints and defending against claims — our legitimate interest (Art. 6(1)(f) GDPR).',
        ),
        h3('Your preferences'),
        p(
          'We store the language you choose for the interface and the video provider you choose in the settings. Your colour theme and the state of the side menu are kept only in your browser.',
        ),
        p(
          'Purpose and basis: showing the service the way you set it up — performance of the contract (Art. 6(1)(b) GDPR).',
        ),
        h3('Security and technical logs'),
        p(
          'Our servers record technical events: the time, address and result of a request, your account identifier, a correlation identifier that links the records of one request, and error details. Your IP address is used to limit the number of requests (the counters last one minute) and to protect against abuse. Sessions are kept on the server and identified by a random cookie.',
        ),
        p(
          'Purpose and basis: keeping the service secure and working, finding and fixing faults — our legitimate interest (Art. 6(1)(f) GDPR).',
        ),
        h3('Usage statistics and remote error reports (optional)'),
        p(
          `While you are signed in, the app can send us usage statistics — which screens and features are used, page load times and the response times of our servers — and, separately, reports of errors that happen in your browser (the error message, its technical trace and the address of the page, without its query). Both are sent within your session, so they are linked to your account. ${analyticsDefault} Remote error reports are switched off by default and are sent only if you switch them on in [Settings](/settings).`,
        ),
        p(
          `Basis: for usage statistics, ${analyticsBasis}; for remote error reports, your consent (Art. 6(1)(a) GDPR). You can withdraw your consent at any time, which does not affect the lawfulness of what happened before. We do not use advertising or third-party tracking tools.`,
        ),
        h3('Gradual feature rollout'),
        p(
          'To turn new features on for a part of users first, the app stores a random identifier in your browser and decides from it whether a feature is on for this browser. It says nothing about you, is not linked to your account and never leaves your browser.',
        ),
        p('Basis: our legitimate interest in introducing changes safely (Art. 6(1)(f) GDPR).'),
        h3('When you contact us'),
        p(
          'If you write to us — with a question, a complaint or a request about your data — we process your message, your contact details and whatever you tell us, to answer and to document how the matter was handled. Basis: performance of the contract or steps you asked for (Art. 6(1)(b)), legal obligations, for example for complaints (Art. 6(1)(c)), and our legitimate interest in handling correspondence (Art. 6(1)(f) GDPR).',
        ),
      ],
    },
    {
      id: 'cookies',
      heading: '4. Cookies and data stored in your browser',
      blocks: [
        p(
          'We use only the cookies the service needs to work. We do not use advertising cookies or third-party tracking cookies. The identity provider you sign in with sets its own cookies on its own site.',
        ),
        table(
          'Cookies set by Kadr',
          ['Name', 'What it is for', 'How long'],
          [
            [
              'kadr_session',
              'The identifier of your signed-in session (HttpOnly: scripts cannot read it).',
              'Until you sign out or the session ends: after 12 hours without activity or 7 days at most (default settings).',
            ],
            [
              'kadr_csrf',
              'A security token that proves a change comes from our own app (protection against cross-site request forgery).',
              'As long as the session.',
            ],
            [
              'kadr_login',
              'Links the return from the identity provider to the sign-in you started.',
              '10 minutes, only during sign-in.',
            ],
          ],
        ),
        table(
          'Data kept in your browser’s local storage',
          ['Key', 'What it holds', 'How long'],
          [
            [
              'kadr.local',
              'Your account identifier, e-mail address and name as of the last session check, session expiry, last activity time, colour theme and side menu state.',
              'Until you sign out (the account details) or clear your browser data.',
            ],
            [
              'kadr.query.v1',
              'A copy of data recently loaded from our servers (for example your gallery list), so pages open faster.',
              'At most one hour; removed when you sign out.',
            ],
            [
              'kadr.browserId',
              'The random identifier used for gradual feature rollout.',
              'Until you clear your browser data.',
            ],
            [
              'kadr.consent',
              'Your choices about usage statistics and remote error reports.',
              'Until you change them or clear your browser data.',
            ],
            ['kadr.language', 'The interface language you chose.', 'Until you clear your browser data.'],
          ],
        ),
        p(
          'Storing this information is necessary to provide the service you asked for, so it does not require consent under Polish electronic communications law; the optional usage statistics and error reports are governed by your choices described in section 3.',
        ),
      ],
    },
    {
      id: 'recipients',
      heading: '5. Who receives your data',
      blocks: [
        p('We share data only as far as needed for the purposes above, with:'),
        list(
          'Hosting and infrastructure providers that run our servers, databases and file storage on our behalf and under our instructions (processors): [[name and country of each provider]].',
          'The identity provider you sign in with — it sends us your account details when you sign in.',
          'Tpay — Krajowy Integrator Płatności S.A., ul. Św. Marcin 73/6, 61-808 Poznań, Poland — when you pay for credits or a plan. Tpay processes the payment as a separate controller under its own privacy policy; we receive the payment status and the transaction identifier.',
          'fal.ai (Features and Labels, Inc., United States) — only if you choose this video provider in the settings: the prompt and settings of each generation you start are sent to it, and the video it returns is stored by us. With the built-in renderer (the default) your prompts do not leave our infrastructure.',
          'Public authorities, courts and other bodies — only when the law requires us to disclose data.',
        ),
        p('We do not sell your data and do not share it for advertising.'),
      ],
    },
    {
      id: 'transfers',
      heading: '6. Transfers outside the European Economic Area',
      blocks: [
        p(
          'Your data stays in the European Economic Area, with one exception: if you choose the fal.ai video provider, the prompts and settings of the generations you start are sent to the United States. Such transfers rely on safeguards required by the GDPR: [[the mechanism used, e.g. the EU–US Data Privacy Framework or standard contractual clauses]]. You can get a copy of these safeguards by contacting us. If you keep the built-in renderer, no data is transferred outside the EEA for video generation.',
        ),
      ],
    },
    {
      id: 'retention',
      heading: '7. How long we keep your data',
      blocks: [
        list(
          'Account, preferences, prompts, videos, credits and plan: for as long as you have an account. A video you delete is removed together with its files.',
          'Sessions: until you sign out or the session ends (by default after 12 hours without activity, 7 days at most). A started sign-in is forgotten after 10 minutes.',
          'Short-lived technical records: request-limit counters for one minute, replies kept to make repeated requests safe for 24 hours, the buffer of live progress updates for 15 minutes.',
          'Server logs: [[retention period of technical logs, e.g. 30 days]].',
          'Accounting and tax records of your payments (for example invoices and payment confirmations): as long as tax and accounting law requires — as a rule five years from the end of the calendar year in which the tax obligation arose. These records are kept separately from the app, so deleting your account does not remove them.',
          'Correspondence and complaints: until the matter is settled and then until claims related to it become time-barred.',
        ),
        p(
          'Deleting your account: write to us from the e-mail address of your account. The administrator then deletes the account with a purge, which removes your data from every part of the service — your account, sessions, prompts and jobs, videos and previews, credit account, ledger, orders, plan and language preference. What remains is a deletion record (your internal identifier, when the deletion was requested and by whom, without your e-mail address or name) and the log of actions taken by administrators, which we need to prove that your request was carried out. Copies in backups disappear as the backups expire: [[backup retention period]].',
        ),
      ],
    },
    {
      id: 'rights',
      heading: '8. Your rights',
      blocks: [
        p('Under the GDPR you have the right to:'),
        list(
          'access your data and receive a copy of it (Art. 15);',
          'have inaccurate data corrected (Art. 16) — your name and e-mail address come from your identity provider: change them there and sign in again, and they are updated in Kadr;',
          'have your data erased (Art. 17) — see “Deleting your account” in section 7;',
          'restrict processing (Art. 18);',
          'receive the data you gave us in a structured, machine-readable format and have it sent to another controller (Art. 20);',
          'object to processing based on our legitimate interest (Art. 21), for example the usage statistics;',
          'withdraw your consent at any time, without affecting the lawfulness of processing before the withdrawal (Art. 7(3));',
          'lodge a complaint with the supervisory authority — in Poland the President of the Personal Data Protection Office (Prezes Urzędu Ochrony Danych Osobowych), ul. Stawki 2, 00-193 Warszawa, [uodo.gov.pl](https://uodo.gov.pl).',
        ),
        p(
          'To use your rights, write to the contact address in section 1. We answer without undue delay, within one month at the latest; in complex cases this can be extended by two further months, and we will tell you why. We may ask you to confirm your identity, for example by writing from the e-mail address of your account.',
        ),
      ],
    },
    {
      id: 'required',
      heading: '9. Do you have to give us your data',
      blocks: [
        p(
          'Using Kadr is voluntary. An e-mail address from your identity provider is needed to create an account, and the data Tpay asks for is needed to pay; without them we cannot provide the service or complete a purchase. Usage statistics and error reports are entirely optional.',
        ),
      ],
    },
    {
      id: 'automated',
      heading: '10. Automated decisions',
      blocks: [
        p(
          'We do not make decisions about you based solely on automated processing that have legal or similarly significant effects, and we do not profile you. Automatic steps of the service — such as refusing a generation when there are not enough credits, or the random choice of browsers for a new feature — follow the same rules for everyone.',
        ),
      ],
    },
    {
      id: 'security',
      heading: '11. How we protect your data',
      blocks: [
        p(
          'Connections to Kadr are encrypted (HTTPS). Sessions are kept on the server; the session cookie cannot be read by scripts, and every change must carry a security token bound to your session. Only you can see your videos; the administrator tools are available to one designated administrator, and their actions are logged. Our servers connect only to approved outside addresses. No system is perfectly secure, but we review and improve these measures.',
        ),
      ],
    },
    {
      id: 'changes',
      heading: '12. Changes to this policy',
      blocks: [
        p(
          'We update this policy when the service or the law changes. The date of the last change is shown at the top. We will tell you about important changes in the app before they take effect.',
        ),
      ],
    },
  ],
};
