import { DEFAULT_PLACEHOLDERS, quotedList, unfilledPlaceholders } from '../../contract/placeholders';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { type EmailRow, firstEmailContaining } from '../queries/email-actions';
import { findSignature } from '../queries/sender-settings';

/**
 * Approving and sending are refused while the unsubscribe footer or an email still holds one of
 * the default message's placeholders ("[reason]", "[City]"…): such emails have gone out reading
 * "You received this email because [reason]." Only those exact names count.
 */

type Footer = { includeUnsubscribeLink: boolean; unsubscribeMessage: string | null };

function refusal(where: string, found: string[]) {
  const one = found.length === 1;
  return new AppError(
    'bad_request',
    `${where} still contains the placeholder${one ? '' : 's'} ${quotedList(found)}: replace ${one ? 'it' : 'them'} with your own text before sending.`,
  );
}

/** The footer is checked only when it is shown, i.e. when the email carries the unsubscribe link. */
export function assertFooterFilled(footer: Footer, withLink = footer.includeUnsubscribeLink) {
  const found = withLink ? unfilledPlaceholders(footer.unsubscribeMessage) : [];
  if (found.length > 0) throw refusal('The unsubscribe footer', found);
}

/** One email: its own subject and body, and the footer it would carry. */
export function assertEmailFilled(
  email: Pick<EmailRow, 'subject' | 'body' | 'includeUnsubscribeLink'>,
  campaign: Footer,
) {
  assertFooterFilled(campaign, email.includeUnsubscribeLink ?? campaign.includeUnsubscribeLink);
  const found = unfilledPlaceholders(`${email.subject}\n${email.body}`);
  if (found.length > 0) throw refusal('This email', found);
}

/** The sender's signature goes on every email, so its default "[Your Name]" must be replaced too. */
export async function assertSignatureFilled(db: Db, userId: number) {
  const found = unfilledPlaceholders(await findSignature(db, userId));
  if (found.length > 0) throw refusal('Your signature (in Settings)', found);
}

/** A campaign about to approve or send in bulk: its footer, the signature, then each email in scope. */
export async function assertCampaignFilled(
  db: Db,
  campaign: Footer & { id: number; userId: number },
  scope: { statuses: readonly EmailRow['status'][]; approvedOnly: boolean },
) {
  assertFooterFilled(campaign);
  await assertSignatureFilled(db, campaign.userId);
  const email = await firstEmailContaining(db, campaign.id, Object.values(DEFAULT_PLACEHOLDERS), scope);
  if (email)
    throw refusal(
      `The email to ${email.recipientEmail}`,
      unfilledPlaceholders(`${email.subject}\n${email.body}`),
    );
}
