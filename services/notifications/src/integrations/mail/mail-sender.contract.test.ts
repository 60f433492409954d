import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { freePort, freePortPair, readUntil, until } from '@kadr/tooling/test-helpers';
import { MailCatcher } from './mail-catcher';
import { MailDeliveryError, type MailSender, type OutgoingMail } from './mail-sender';
import { MemoryMailSender } from './memory-mail-sender';
import { SmtpMailSender } from './smtp-mail-sender';

/** What arrived, as the receiving end saw it (header names in lower case). */
interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

interface Harness {
  sender: MailSender;
  /** The message with this Message-ID as received; undefined while it has not arrived. */
  received(messageId: string): Promise<ReceivedMail | undefined>;
  /** How many messages with this Message-ID arrived. */
  count(messageId: string): Promise<number>;
  close(): Promise<void>;
}

let sequence = 0;
function mailOf(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  sequence += 1;
  return {
    from: 'Kadr <no-reply@kadr.test>',
    to: 'ola@example.com',
    subject: 'Twój film jest gotowy — „Łódź o zmierzchu”',
    text: 'Twój film jest gotowy.\nOpis: “Łódź o zmierzchu”',
    html: '<p>Twój film jest <strong>gotowy</strong>.</p>',
    messageId: `job-${process.pid}-${Date.now()}-${sequence}@kadr.test`,
    headers: {
      'List-Unsubscribe': '<http://localhost:8080/bff/public/notifications/unsubscribe?token=abc.def.ghi>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...overrides,
  };
}

const normalize = (value: string) => value.replace(/\r\n/g, '\n').trim();

/** The same promises from every mail sender, whatever carries the message. */
function describeMailSenderContract(title: string, open: () => Promise<Harness>): void {
  describe(title, () => {
    let harness: Harness;
    beforeAll(async () => {
      harness = await open();
    }, 60_000);
    afterAll(() => harness?.close());

    it('delivers sender, recipient, subject, both bodies and the extra headers intact (UTF-8 too)', async () => {
      const mail = mailOf();
      await harness.sender.send(mail);
      const got = (await readUntil(
        () => harness.received(mail.messageId),
        (received) => received !== undefined,
        { timeoutMs: 10_000 },
      ))!;
      expect(got.from).toContain('no-reply@kadr.test');
      expect(got.to).toContain('ola@example.com');
      expect(got.subject).toBe(mail.subject);
      expect(normalize(got.text)).toBe(normalize(mail.text));
      expect(normalize(got.html)).toContain('<strong>gotowy</strong>');
      expect(got.headers['list-unsubscribe']).toBe(mail.headers['List-Unsubscribe']);
      expect(got.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    });

    it('delivers each of several messages sent at once exactly once', async () => {
      const mails = Array.from({ length: 6 }, () => mailOf());
      await Promise.all(mails.map((mail) => harness.sender.send(mail)));
      for (const mail of mails) {
        await readUntil(
          () => harness.received(mail.messageId),
          (received) => received !== undefined,
          { timeoutMs: 10_000 },
        );
        expect(await harness.count(mail.messageId)).toBe(1);
      }
    });
  });
}

describeMailSenderContract('mail sender contract [memory]', () => {
  const sender = new MemoryMailSender();
  const find = (id: string) => sender.sent.filter((m) => m.messageId === id);
  return Promise.resolve({
    sender,
    received: (id) => {
      const [mail] = find(id);
      if (!mail) return Promise.resolve(undefined);
      const headers = Object.fromEntries(Object.entries(mail.headers).map(([k, v]) => [k.toLowerCase(), v]));
      return Promise.resolve({ ...mail, headers });
    },
    count: (id) => Promise.resolve(find(id).length),
    close: () => sender.close(),
  });
});

describeMailSenderContract('mail sender contract [catcher]', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kadr-mail-'));
  const catcher = await MailCatcher.start({ dir });
  const sender = new SmtpMailSender({ url: catcher.url });
  const matching = async (id: string) => (await catcher.list()).filter((m) => m.messageId === id);
  return {
    sender,
    received: async (id) => {
      const [mail] = await matching(id);
      if (!mail) return undefined;
      const headers = Object.fromEntries(Object.entries(mail.headers).map(([k, v]) => [k.toLowerCase(), v]));
      return { ...mail, headers };
    },
    count: async (id) => (await matching(id)).length,
    close: async () => {
      await sender.close();
      await catcher.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

interface MailpitSummary {
  ID: string;
  MessageID: string;
}

describeWithRealServer('smtp', 'mail sender contract [smtp]', ({ mailpitBin }) => {
  let mailpit: ChildProcess | undefined;
  let api = '';
  let dir = '';

  const mailpitJson = async <T>(path: string): Promise<T> => {
    const answer = await fetch(`${api}${path}`);
    if (!answer.ok) throw new Error(`mailpit ${path} answered ${answer.status}`);
    return (await answer.json()) as T;
  };
  const matching = async (id: string) =>
    (await mailpitJson<{ messages: MailpitSummary[] }>('/api/v1/messages?limit=500')).messages.filter(
      (m) => m.MessageID === id,
    );

  describeMailSenderContract('delivered to Mailpit over SMTP', async () => {
    const smtpPort = await freePortPair();
    const httpPort = smtpPort + 1;
    dir = await mkdtemp(join(tmpdir(), 'kadr-mailpit-'));
    mailpit = spawn(
      mailpitBin,
      ['--smtp', `127.0.0.1:${smtpPort}`, '--listen', `127.0.0.1:${httpPort}`, '--database', join(dir, 'mailpit.db')],
      { stdio: 'ignore' },
    );
    api = `http://127.0.0.1:${httpPort}`;
    await until(
      async () => {
        try {
          return (await fetch(`${api}/livez`)).ok;
        } catch {
          return false;
        }
      },
      { timeoutMs: 30_000 },
    );
    const sender = new SmtpMailSender({ url: `smtp://127.0.0.1:${smtpPort}` });
    return {
      sender,
      received: async (id) => {
        const [summary] = await matching(id);
        if (!summary) return undefined;
        const message = await mailpitJson<{
          From: { Address: string };
          To: { Address: string }[];
          Subject: string;
          Text: string;
          HTML: string;
        }>(`/api/v1/message/${summary.ID}`);
        const rawHeaders = await mailpitJson<Record<string, string[]>>(`/api/v1/message/${summary.ID}/headers`);
        const headers = Object.fromEntries(Object.entries(rawHeaders).map(([k, v]) => [k.toLowerCase(), v[0] ?? '']));
        return {
          from: message.From.Address,
          to: message.To.map((t) => t.Address).join(', '),
          subject: message.Subject,
          text: message.Text,
          html: message.HTML,
          headers,
        };
      },
      count: async (id) => (await matching(id)).length,
      close: async () => {
        await sender.close();
      },
    };
  });

  afterAll(async () => {
    // Stopped by its PID, as every process a test starts.
    if (mailpit?.pid) process.kill(mailpit.pid, 'SIGTERM');
    if (dir) await rm(dir, { recursive: true, force: true });
  });
});

describe('SMTP mail sender', () => {
  it('reports an unreachable server as a failure worth retrying', async () => {
    const port = await freePort();
    const sender = new SmtpMailSender({ url: `smtp://127.0.0.1:${port}`, timeoutMs: 2_000 });
    const failure = await sender.send(mailOf()).then(
      () => undefined,
      (error: unknown) => error,
    );
    await sender.close();
    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect((failure as MailDeliveryError).permanent).toBe(false);
  });
});
