import type { Db } from '../db/client';
import { findSenderSettings } from '../queries/sender-settings';
import type { TrackedEmail } from '../queries/tracking-tokens';
import { insertUnsubscribe } from '../queries/unsubscribes';
import { isUnsubscribed } from './sending/suppression';
import { findTrackedEmail } from './tracking';

/** What the public unsubscribe page shows: never the full address, since the link may be forwarded. */
export type UnsubscribeView = {
  maskedEmail: string;
  senderName: string | null;
  companyName: string | null;
  unsubscribed: boolean;
};

/** For the confirm page (GET). Looking never unsubscribes: link scanners fetch every URL in a message. */
export async function describeUnsubscribe(db: Db, token: string): Promise<UnsubscribeView | null> {
  const email = await findTrackedEmail(db, token);
  if (!email) return null;
  return view(db, email, await isUnsubscribed(db, email.workspaceId, email.recipientEmail));
}

/**
 * The form's target and the RFC 8058 one-click endpoint. Recorded on the suppression list of the
 * email's workspace (every member's campaigns skip the address from then on), whatever the email's status: honouring a request to stop is always right. Idempotent.
 */
export async function unsubscribeByToken(
  db: Db,
  token: string,
  reason: 'link' | 'one-click',
): Promise<UnsubscribeView | null> {
  const email = await findTrackedEmail(db, token);
  if (!email) return null;
  await insertUnsubscribe(db, {
    workspaceId: email.workspaceId,
    userId: email.userId,
    email: email.recipientEmail,
    campaignId: email.campaignId,
    emailId: email.id,
    reason,
  });
  return view(db, email, true);
}

async function view(db: Db, email: TrackedEmail, unsubscribed: boolean): Promise<UnsubscribeView> {
  const sender = await findSenderSettings(db, email);
  return {
    maskedEmail: maskEmail(email.recipientEmail),
    senderName: sender?.name?.trim() || null,
    companyName: sender?.companyName?.trim() || null,
    unsubscribed,
  };
}

/** `jane@example.com` → `j***@example.com`: enough for the owner to recognise, little for anyone else. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return `${address.slice(0, 1)}***`;
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}
