import { mkdir, readdir, readFile, writeFile, rename } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type * as MailParser from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A caught message as the dev page lists it. */
export interface CaughtMail {
  /** The file name without `.eml`: receive time and a counter, so names sort by arrival. */
  id: string;
  from: string;
  to: string;
  subject: string;
  date: string;
  messageId: string;
  headers: Record<string, string>;
  text: string;
  html: string;
}

const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;
const EML = /^[0-9]{13}-[0-9]{6}\.eml$/;

/** Where caught messages are written: `<dir>/<receive time>-<counter>.eml`, so names sort by arrival. */
class ReceivedMailFolder {
  private counter = 0;

  constructor(private readonly dir: string) {}

  async store(raw: Buffer): Promise<void> {
    this.counter = (this.counter + 1) % 1_000_000;
    const id = `${Date.now()}-${String(this.counter).padStart(6, '0')}`;
    // Written under a temporary name first, so the page never reads half a message.
    const path = join(this.dir, `${id}.eml`);
    await writeFile(`${path}.part`, raw);
    await rename(`${path}.part`, path);
  }
}

/**
 * The development mail catcher (embedded mode and compose): a real SMTP server on 127.0.0.1 that
 * accepts every message and writes it, raw, to `<dir>/<id>.eml`. Nothing is ever delivered
 * onwards. The notifications service sends to it over SMTP exactly as it would to a real relay.
 */
export class MailCatcher {
  private constructor(
    private readonly server: SMTPServer,
    readonly dir: string,
    readonly port: number,
  ) {}

  static async start({ dir, host = '127.0.0.1', port = 0 }: { dir: string; host?: string; port?: number }) {
    await mkdir(dir, { recursive: true });
    const received = new ReceivedMailFolder(dir);
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      size: MAX_MESSAGE_BYTES,
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.store(Buffer.concat(chunks)).then(
            () => callback(),
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const address = server.server.address() as AddressInfo;
    return new MailCatcher(server, dir, address.port);
  }

  /** The SMTP URL to send to. */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Caught messages, newest first (at most `limit`). */
  async list(limit = 100): Promise<CaughtMail[]> {
    const names = (await readdir(this.dir))
      .filter((name) => EML.test(name))
      .sort()
      .reverse()
      .slice(0, limit);
    return Promise.all(names.map((name) => this.read(name.slice(0, -4)) as Promise<CaughtMail>));
  }

  /** One caught message by id; undefined for an id that is not one. */
  async read(id: string): Promise<CaughtMail | undefined> {
    if (!EML.test(`${id}.eml`)) return undefined;
    let raw: Buffer;
    try {
      raw = await readFile(join(this.dir, `${id}.eml`));
    } catch {
      return undefined;
    }
    // mailparser (and its charset tables) loads only when someone reads a message, not at start-up.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { simpleParser } = require('mailparser') as typeof MailParser;
    const parsed = await simpleParser(raw);
    const headers: Record<string, string> = {};
    for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim();
    const addresses = (value: typeof parsed.to) =>
      (Array.isArray(value) ? value : value ? [value] : []).map((a) => a.text).join(', ');
    return {
      id,
      from: parsed.from?.text ?? '',
      to: addresses(parsed.to),
      subject: parsed.subject ?? '',
      date: (parsed.date ?? new Date(Number(id.slice(0, 13)))).toISOString(),
      messageId: (parsed.messageId ?? '').replace(/^<|>$/g, ''),
      headers,
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
    };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
