/** A composed RFC 5322 message and its envelope. */
export type OutgoingMessage = {
  raw: string;
  from: string;
  to: string;
  messageId: string;
  /** The subject as written, for transports that list messages (the in-app outbox). */
  subject: string;
  /** The campaign email this message is, if it is one (the outbox links them). */
  emailId?: number;
  /** For a follow-up: the provider's conversation to join (Gmail's threadId), when known. */
  providerThreadId?: string | null;
  /**
   * For a follow-up: the Message-ID of the email it answers (ours, in Sent Items). Graph threads
   * a message only when it is sent as a reply to that message.
   */
  inReplyTo?: string | null;
  /**
   * For an answer: where the reply it answers lies in the mailbox (`graph:<id>`, `gmail:<id>`,
   * `imap:…`). Graph answers that very message, so Outlook threads it with the reply.
   */
  answers?: string | null;
};

/**
 * How mail leaves: Gmail API, Microsoft Graph, SMTP or the in-app outbox. `send` throws MailAuthError (sign in
 * again), MailRetryableError (the message cannot have arrived: try later), MailOutcomeUnknownError
 * (it may have arrived: never send it again blindly), MailConfigError (the installation's settings
 * are wrong) or any other Error (the provider refused this message: it fails with that message).
 */
export type MailTransport = {
  kind: 'gmail' | 'graph' | 'smtp' | 'outbox';
  /**
   * `providerThreadId` is the provider's conversation the message joined (Gmail's threadId), when
   * the send's answer names it: the mailbox sync matches replies in it to this email.
   */
  send(
    message: OutgoingMessage,
  ): Promise<{ providerMessageId: string | null; providerThreadId?: string | null }>;
  /**
   * Whether the mailbox's Sent folder holds a message with this Message-ID; null when this
   * transport cannot look (no read scope, SMTP). Settles sends cut short by a crash or a broken
   * connection.
   */
  findSent: ((messageId: string) => Promise<boolean>) | null;
};
