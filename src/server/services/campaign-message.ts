import { composeOnThreads } from '../mail/compose-pool';
import type { SendDeps, Sender } from './sender';

/** What composing one campaign email needs from the claimed email, its recipient and campaign. */
export type ClaimedEmail = {
  subject: string;
  body: string;
  trackingToken: string;
  messageId: string | null;
};

/** The sender's From address: the signed-in mailbox, else the configured sender address. */
export function fromAddressOf(sender: Sender) {
  return sender.user.email ?? sender.settings?.email ?? 'you@localhost';
}

/**
 * The MIME message for one campaign email: the sender's name and signature, the unsubscribe
 * footer and headers when the campaign has the link, and the open pixel.
 */
export function composeCampaignEmail(
  deps: SendDeps,
  sender: Sender,
  email: ClaimedEmail,
  recipientEmail: string,
  unsubscribe: { withLink: boolean; footer: string | null },
) {
  const { user, settings } = sender;
  const fromEmail = fromAddressOf(sender);
  const base = deps.config.publicUrl;
  return composeOnThreads(
    {
      from: {
        name: settings?.name ?? ([user.firstName, user.lastName].filter(Boolean).join(' ') || null),
        email: fromEmail,
      },
      to: recipientEmail,
      subject: email.subject,
      html: email.body,
      signatureHtml: settings?.signature ?? null,
      unsubscribe: unsubscribe.withLink
        ? {
            url: new URL(`/u/${email.trackingToken}`, base).href,
            mailto: `mailto:${fromEmail}?subject=unsubscribe`,
            footer: unsubscribe.footer,
          }
        : null,
      pixelUrl: new URL(`/t/o/${email.trackingToken}.gif`, base).href,
      messageId: email.messageId!,
    },
    deps.config.mail.composeThreads,
  );
}

/** The domain Message-IDs are made on. */
export function messageIdDomain(deps: SendDeps) {
  return deps.config.mail.domain ?? deps.config.publicUrl.hostname;
}
