/** A composed RFC 5322 message and its envelope. */
export type OutgoingMessage = { raw: string; from: string; to: string; messageId: string };

/**
 * How mail leaves: Gmail API, Microsoft Graph, SMTP or the in-app outbox. `send` throws
 * MailAuthError (sign in again), MailRetryableError (try later) or any other Error (the provider
 * refused this message: it fails with that message).
 */
export type MailTransport = {
  kind: 'gmail' | 'graph' | 'smtp' | 'outbox';
  send(message: OutgoingMessage): Promise<{ providerMessageId: string | null }>;
  /**
   * Whether the mailbox's Sent folder holds a message with this Message-ID; null when this
   * transport cannot tell (no read scope, SMTP). Used to settle sends interrupted by a crash.
   */
  findSent(messageId: string): Promise<boolean | null>;
};
