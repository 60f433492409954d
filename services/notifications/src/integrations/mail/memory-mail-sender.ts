import type { MailSender, OutgoingMail } from './mail-sender';

/** Tests without an SMTP server: what was sent, in order. */
export class MemoryMailSender implements MailSender {
  readonly sent: OutgoingMail[] = [];

  send(mail: OutgoingMail): Promise<void> {
    this.sent.push(structuredClone(mail));
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
