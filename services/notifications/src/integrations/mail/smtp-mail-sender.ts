import nodemailer, { type Transporter, type TransportOptions } from 'nodemailer';
import { MailDeliveryError, type MailSender, type OutgoingMail } from './mail-sender';

export interface SmtpMailSenderOptions {
  /** `smtp://[user:pass@]host:port` or `smtps://…`. */
  url: string;
  /** Connection, greeting and socket time-outs of one delivery. */
  timeoutMs?: number;
}

/** SMTP reply codes from 500 up are final; 4xx and connection failures are worth another try. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500;
}

/** Sends through an SMTP server with nodemailer (one pooled connection set per process). */
export class SmtpMailSender implements MailSender {
  private readonly transport: Transporter;

  constructor({ url, timeoutMs = 10_000 }: SmtpMailSenderOptions) {
    this.transport = nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: 2,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    } as TransportOptions);
  }

  async send(mail: OutgoingMail): Promise<void> {
    try {
      await this.transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<${mail.messageId}>`,
        headers: mail.headers,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new MailDeliveryError(`SMTP delivery failed: ${message}`, isPermanent(error));
    }
  }

  close(): Promise<void> {
    this.transport.close();
    return Promise.resolve();
  }
}
