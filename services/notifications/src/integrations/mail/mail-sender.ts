/** One e-mail, ready to send. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID without angle brackets, the same for every attempt (receivers drop duplicates by it). */
  messageId: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers: Record<string, string>;
}

/** The mail port: the SMTP adapter in production, the in-process catcher or memory otherwise. */
export interface MailSender {
  /** Resolves once the server accepted the message; rejects with `MailDeliveryError`. */
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/**
 * A message the server did not take. `permanent`: it never will (e.g. 550 no such mailbox), so
 * trying again is pointless; otherwise (unreachable, 4xx) a later attempt may succeed.
 */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}
