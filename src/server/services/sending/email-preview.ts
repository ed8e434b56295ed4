import type { AddressObject } from 'mailparser';
import type { EmailTextBody } from '../../../contract/emails';
import type { WorkspaceId } from '../../db/schema';
import { notFound } from '../../errors';
import { escapeHtml } from '../../lib/escape-html';
import { openPixel } from '../../mail/compose';
import { emailToPreview } from '../../queries/email-sending';
import { findMailbox } from '../../queries/mailboxes';
import { editedText } from '../edited-text';
import { composeCampaignEmail, messageIdDomain, openPixelUrl } from './campaign-message';
import { composerOf, type SendDeps } from './sender';

/** "Name <address>" as people read it (mailparser's own text quotes the name). */
function addressLine(field: AddressObject | undefined) {
  return (field?.value ?? [])
    .map(({ name, address }) => (name ? `${name} <${address}>` : (address ?? '')))
    .join(', ');
}

/**
 * GET /api/emails/:id/preview: the email composed exactly as the send will compose it (the same
 * composer, the same footer, signature and thread), then read back from its MIME, so what a person
 * approves is what leaves; only the open pixel is taken out of the HTML shown (withoutPixel). An email not sent yet has no Message-ID: a stand-in takes its
 * place, which shows in no part of the message a person reads.
 *
 * POST /api/emails/:id/preview passes `edit`, a subject and body not saved yet: they take the
 * stored ones' place as a save would store them (editedText), and nothing is written. A follow-up
 * goes out with its thread's subject either way, as after a save.
 */
export async function previewEmail(
  deps: SendDeps,
  workspaceId: WorkspaceId,
  emailId: number,
  edit?: EmailTextBody,
) {
  const email = await emailToPreview(deps.db, workspaceId, emailId);
  if (!email) throw notFound('Email');
  // As its mailbox will send it, whoever in the workspace looks.
  const row = email.mailboxId === null ? null : await findMailbox(deps.db, email.mailboxId);
  const composer = row && (await composerOf(deps.db, row, workspaceId));
  if (!composer) throw notFound('Email');
  const raw = await composeCampaignEmail(deps, composer, {
    email: {
      ...email,
      ...(edit && editedText(edit)),
      messageId: email.messageId ?? `<preview@${messageIdDomain(deps)}>`,
    },
    recipientEmail: email.recipientEmail,
    unsubscribe: { withLink: email.withLink, footer: email.unsubscribeMessage },
  });
  // Loaded on first use: the MIME parser and its character sets are a large part of the server's code.
  const { simpleParser } = await import('mailparser');
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  return {
    from: addressLine(parsed.from),
    to: addressLine(Array.isArray(parsed.to) ? parsed.to[0] : parsed.to),
    subject: parsed.subject ?? '',
    html: email.trackOpens
      ? withoutPixel(html, openPixelUrl(deps.config.publicUrl, email.trackingToken))
      : html,
    text: parsed.text ?? '',
  };
}

/**
 * The preview's HTML without the open pixel, which only the message sent carries: loaded in the
 * app it would count an open nobody made, and the app's Content-Security-Policy refuses it anyway
 * (an error in the console on every preview). Any trace of its address left is removed too.
 */
export function withoutPixel(html: string, url: string) {
  const pixel = openPixel(url);
  const rest = html.includes(`\n${pixel}`) ? html.replace(`\n${pixel}`, '') : html.replace(pixel, '');
  return rest.replaceAll(escapeHtml(url), '').replaceAll(url, '');
}
