import { replySubject } from '../../../contract/campaigns';
import type { ComposeInput } from '../../mail/compose';
import { composeOnThreads } from '../../mail/compose-pool';
import { unsubscribeMailto } from '../conversations/unsubscribe-token';
import { footerWithPostalAddress } from './postal-address';
import type { SendDeps, Sender } from './sender';

/** What composing one campaign email needs from the claimed email, its recipient and campaign. */
export type ClaimedEmail = {
  subject: string;
  body: string;
  trackingToken: string;
  messageId: string | null;
  campaignId: number;
  /** The campaign's name, for the List-Id header. */
  campaignName: string;
  /** Whether the campaign's emails carry the open pixel. */
  trackOpens: boolean;
  /** A follow-up's or an answer's thread so far (see ClaimedForSending); null for a first email. */
  thread?: { messageIds: string[]; subject: string } | null;
  /** 0 for a person's answer to a reply: a letter, not campaign mail, so no List-Id. */
  step?: number;
};

/**
 * The subject a campaign email goes out with: its own, or for a follow-up "Re: " and the subject
 * of the thread's first email, since Gmail joins a message to a thread only when the subject
 * matches too.
 */
export function subjectOf(email: Pick<ClaimedEmail, 'subject' | 'thread'>) {
  return email.thread ? replySubject(email.thread.subject) : email.subject;
}

/** What composing needs of the sender: their name, address and signature, and the mailbox's address. */
type Composer = Pick<Sender, 'user' | 'settings'> & { mailbox?: { row: { address: string | null } } };

/**
 * The From address: the mailbox's own (one set up in Settings), else the signed-in account's,
 * else the configured sender address.
 */
export function fromAddressOf(sender: Composer) {
  return sender.mailbox?.row.address ?? sender.user.email ?? sender.settings?.email ?? 'you@localhost';
}

/** The name on the From line: the one in sender settings, else the account's own name. */
export function senderNameOf(
  user: { firstName: string | null; lastName: string | null },
  settings: { name: string | null } | null,
) {
  return settings?.name ?? ([user.firstName, user.lastName].filter(Boolean).join(' ') || null);
}

/** What composing one campaign email needs besides the email itself. */
export type CampaignMessage = {
  email: ClaimedEmail;
  recipientEmail: string;
  unsubscribe: { withLink: boolean; footer: string | null };
};

/**
 * The MIME messages for campaign emails of one sender, in order: the sender's name and
 * signature, the unsubscribe footer and headers when the campaign has the link, List-Id, and the
 * open pixel when the campaign tracks opens.
 */
export function composeCampaignEmails(deps: SendDeps, sender: Composer, messages: CampaignMessage[]) {
  return composeOnThreads(
    messages.map((m) => composeInput(deps, sender, m)),
    deps.config.mail.composeThreads,
  );
}

/** composeCampaignEmails for one email. */
export async function composeCampaignEmail(deps: SendDeps, sender: Composer, message: CampaignMessage) {
  const [raw] = await composeCampaignEmails(deps, sender, [message]);
  if (raw === undefined) throw new Error('The compose thread returned no message');
  return raw;
}

/** The open pixel's address for one email (the tracking route serves it). */
export function openPixelUrl(publicUrl: URL | string, trackingToken: string) {
  return new URL(`/t/o/${trackingToken}.gif`, publicUrl).href;
}

function composeInput(
  deps: SendDeps,
  sender: Composer,
  { email, recipientEmail, unsubscribe }: CampaignMessage,
): ComposeInput {
  const { user, settings } = sender;
  const fromEmail = fromAddressOf(sender);
  const base = deps.config.publicUrl;
  return {
    from: { name: senderNameOf(user, settings), email: fromEmail },
    to: recipientEmail,
    subject: subjectOf(email),
    html: email.body,
    replyTo: email.thread?.messageIds ?? null,
    signatureHtml: settings?.signature ?? null,
    unsubscribe: unsubscribe.withLink
      ? {
          url: new URL(`/u/${email.trackingToken}`, base).href,
          mailto: unsubscribeMailto(fromEmail, email.trackingToken),
          footer: footerWithPostalAddress(unsubscribe.footer, settings),
        }
      : null,
    pixelUrl: email.trackOpens ? openPixelUrl(base, email.trackingToken) : null,
    messageId: email.messageId!,
    // The same domain as the Message-IDs: the one the operator says this mail comes from.
    listId:
      email.step === 0
        ? null
        : { name: email.campaignName, id: `c${email.campaignId}.${messageIdDomain(deps)}` },
  };
}

/** The domain Message-IDs (and List-Ids) are made on: MAIL_DOMAIN, else PUBLIC_URL's host, never an IP. */
export function messageIdDomain(deps: SendDeps) {
  return deps.config.mail.messageIdDomain.domain;
}
