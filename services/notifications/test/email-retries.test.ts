import { createLogger } from '@kadr/telemetry';
import { MemoryNotificationRepository } from '../src/data-access/memory-notification.repository';
import { MemoryPreferenceRepository } from '../src/data-access/memory-preference.repository';
import { MemoryRecipientRepository } from '../src/data-access/memory-recipient.repository';
import { EmailDispatcher, MAX_EMAIL_ATTEMPTS } from '../src/domain/email/email-dispatcher';
import { UnsubscribeTokens } from '../src/domain/email/unsubscribe-token';
import { MailDeliveryError, type MailSender, type OutgoingMail } from '../src/integrations/mail/mail-sender';

/** An SMTP relay that refuses the first `failures` messages (transient or permanent), then takes them. */
class RefusingRelay implements MailSender {
  readonly delivered: OutgoingMail[] = [];
  attempts = 0;
  constructor(
    private failures: number,
    private readonly permanent: boolean,
  ) {}
  send(mail: OutgoingMail): Promise<void> {
    this.attempts += 1;
    if (this.failures > 0) {
      this.failures -= 1;
      return Promise.reject(
        new MailDeliveryError(this.permanent ? '550 no such mailbox' : '421 try later', this.permanent),
      );
    }
    this.delivered.push(mail);
    return Promise.resolve();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

async function setUp(relay: RefusingRelay) {
  let clock = new Date('2026-11-28T10:00:00.000Z');
  const notifications = await MemoryNotificationRepository.create();
  const recipients = await MemoryRecipientRepository.create();
  await recipients.save({ id: 'u-1', email: 'u-1@example.com', name: 'U', language: 'en' });
  await notifications.addIfAbsent({
    id: 'job-a',
    userId: 'u-1',
    kind: 'job_completed',
    jobId: 'job-a',
    prompt: 'p',
    reason: null,
    createdAt: clock,
    readAt: null,
    email: { state: 'pending', dueAt: clock, attempts: 0 },
  });
  const outcomes: string[] = [];
  const dispatcher = new EmailDispatcher({
    notifications,
    preferences: await MemoryPreferenceRepository.create(),
    recipients,
    presence: { presenceOf: () => Promise.resolve({ lastSeenAt: null, online: false }) },
    languages: { languageOf: () => Promise.resolve(null) },
    mail: relay,
    tokens: new UnsubscribeTokens('test-only-unsubscribe-secret-0123456789abcdef'),
    observer: {
      emailSent: () => outcomes.push('sent'),
      emailSkipped: (reason) => outcomes.push(`skipped:${reason}`),
      emailFailed: (permanent) => outcomes.push(permanent ? 'failed' : 'retry'),
    },
    logger: createLogger({ service: 'test', level: 'silent' }),
    publicUrl: 'https://kadr.test',
    from: 'Kadr <no-reply@kadr.test>',
    awayMs: 120_000,
    now: () => clock,
  });
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const state = async () => (await notifications.find('u-1', 'job-a'))!.email;
  return { dispatcher, advance, state, outcomes };
}

describe('e-mail delivery failures', () => {
  it('tries again later after a transient refusal, with growing waits, and delivers once', async () => {
    const relay = new RefusingRelay(2, false);
    const { dispatcher, advance, state, outcomes } = await setUp(relay);
    await dispatcher.dispatchDue();
    expect(await state()).toMatchObject({ state: 'pending', attempts: 1 });
    advance(29_000);
    await dispatcher.dispatchDue(); // not due yet (30 s)
    expect(relay.attempts).toBe(1);
    advance(1_000);
    await dispatcher.dispatchDue();
    expect(await state()).toMatchObject({ state: 'pending', attempts: 2 });
    advance(59_000);
    await dispatcher.dispatchDue(); // the second wait is 60 s
    expect(relay.attempts).toBe(2);
    advance(1_000);
    await dispatcher.dispatchDue();
    expect(relay.delivered).toHaveLength(1);
    expect(await state()).toMatchObject({ state: 'sent', messageId: 'job-job-a@kadr.test' });
    advance(10 * 60_000);
    await dispatcher.dispatchDue();
    expect(relay.attempts).toBe(3);
    expect(outcomes).toEqual(['retry', 'retry', 'sent']);
  });

  it(`gives up after ${MAX_EMAIL_ATTEMPTS} transient refusals, and at once on a permanent one`, async () => {
    const stubborn = new RefusingRelay(100, false);
    const first = await setUp(stubborn);
    for (let i = 0; i < 10; i += 1) {
      await first.dispatcher.dispatchDue();
      first.advance(60 * 60_000);
    }
    expect(stubborn.attempts).toBe(MAX_EMAIL_ATTEMPTS);
    expect(await first.state()).toMatchObject({ state: 'failed', attempts: MAX_EMAIL_ATTEMPTS });

    const noMailbox = new RefusingRelay(100, true);
    const second = await setUp(noMailbox);
    await second.dispatcher.dispatchDue();
    second.advance(60 * 60_000);
    await second.dispatcher.dispatchDue();
    expect(noMailbox.attempts).toBe(1);
    expect(await second.state()).toMatchObject({ state: 'failed', attempts: 1 });
    expect(second.outcomes).toEqual(['failed']);
  });
});
