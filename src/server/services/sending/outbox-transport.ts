import type { Db } from '../../db/client';
import type { MailTransport } from '../../mail/mail-transport';
import { insertOutboxMessage, outboxHasMessage } from '../../queries/outbox';

/**
 * The in-app outbox as a transport, for local users without SMTP_URL: "sending" stores the
 * message in the user's outbox, and the outbox is its own Sent folder, so a send cut short by a
 * crash is settled by looking there, like any other mailbox that can be read.
 */
export function outboxTransport(db: Db, userId: number): MailTransport {
  return {
    kind: 'outbox',
    async send(message) {
      await insertOutboxMessage(db, userId, {
        emailId: message.emailId ?? null,
        messageId: message.messageId,
        recipient: message.to,
        subject: message.subject,
        raw: message.raw,
      });
      return { providerMessageId: null };
    },
    findSent: (messageId) => outboxHasMessage(db, userId, messageId),
  };
}
