import crypto from 'node:crypto';
import { compile } from 'html-to-text';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { MimeNodeHeaderMap } from 'nodemailer/lib/mime-node';
import { escapeHtml } from '../lib/escape-html';
import { listIdHeader } from './list-id';
import { serializeMime } from './serialize-mime';

export type ComposeInput = {
  from: { name: string | null; email: string };
  to: string;
  subject: string;
  /** The email's own body (sanitised HTML). */
  html: string;
  signatureHtml: string | null;
  /** Present when the campaign includes the unsubscribe link. */
  unsubscribe: { url: string; mailto: string | null; footer: string | null } | null;
  /** The open-tracking pixel's URL, or null for messages that must not be tracked (tests). */
  pixelUrl: string | null;
  messageId: string;
  /** The List-Id header's phrase and id (campaign mail); absent for mail outside a campaign. */
  listId?: { name: string; id: string } | null;
  /**
   * For a follow-up: the Message-IDs of the thread so far, oldest first. The newest becomes
   * In-Reply-To and all of them References (RFC 5322 §3.6.4), so mail programs thread it.
   */
  replyTo?: string[] | null;
  extraHeaders?: Record<string, string>;
};

/**
 * Compiled once: building html-to-text's converter per message cost more than the rest of
 * composing. Also how an answer's suggestion reads the emails sent before it.
 */
export const htmlToText = compile({ wordwrap: 78, selectors: [{ selector: 'img', format: 'skip' }] });

/** A fresh Message-ID on our own domain; stored before sending so a crashed send can be found again. */
export function newMessageId(domain: string) {
  return `<${crypto.randomBytes(16).toString('hex')}@${domain}>`;
}

/**
 * Builds the RFC 5322 message with nodemailer's MailComposer: HTML and text parts, signature,
 * the visible unsubscribe footer plus List-Unsubscribe and one-click List-Unsubscribe-Post
 * (RFC 8058) when the campaign has the link, List-Id, and the open pixel. Every line ends in
 * CRLF, so the copy stored is byte for byte what a mail server receives (an SMTP client would
 * otherwise turn bare LFs into CRLFs on the wire).
 */
export function composeMessage(input: ComposeInput): string {
  const parts = [input.html];
  if (input.signatureHtml) parts.push(`<div class="signature">${input.signatureHtml}</div>`);
  if (input.unsubscribe) parts.push(unsubscribeFooter(input.unsubscribe));
  const visible = parts.join('\n');
  const html = input.pixelUrl ? `${visible}\n${openPixel(input.pixelUrl)}` : visible;
  const headers: MimeNodeHeaderMap = { ...input.extraHeaders };
  if (input.listId) headers['List-Id'] = listIdHeader(input.listId.name, input.listId.id);
  if (input.unsubscribe) {
    const targets = [`<${input.unsubscribe.url}>`];
    if (input.unsubscribe.mailto) targets.push(`<${input.unsubscribe.mailto}>`);
    headers['List-Unsubscribe'] = targets.join(', ');
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const composer = new MailComposer({
    from: input.from.name ? { name: input.from.name, address: input.from.email } : input.from.email,
    to: input.to,
    subject: input.subject,
    messageId: input.messageId,
    ...(input.replyTo?.length
      ? { inReplyTo: input.replyTo.at(-1), references: input.replyTo.join(' ') }
      : {}),
    // Parts encoded as quoted-printable keep their line breaks as they are: make them CRLF first.
    html: crlf(html),
    text: crlf(htmlToText(visible)),
    headers,
  });
  return serializeMime(composer.compile()).toString('utf8');
}

/**
 * The open pixel as the background of an empty 1×1 cell rather than an <img>: spam filters score
 * any <img> in a short HTML email (SpamAssassin's HTML_IMAGE_ONLY_* rules, up to 2 points for a
 * few paragraphs), a background not. The attribute is for Outlook on Windows, the style for
 * everything else; both name the same URL, and only the first fetch counts as an open.
 */
export function openPixel(url: string) {
  const src = escapeHtml(url);
  return `<table role="presentation" width="1" height="1" cellpadding="0" cellspacing="0" border="0"><tr><td width="1" height="1" background="${src}" style="background-image:url('${src}');font-size:1px;line-height:1px">&nbsp;</td></tr></table>`;
}

function crlf(text: string) {
  return text.replace(/\r\n|\r|\n/g, '\r\n');
}

/** composeMessage for each input, in order. */
export function composeMessages(inputs: ComposeInput[]): string[] {
  return inputs.map(composeMessage);
}

function unsubscribeFooter(unsubscribe: { url: string; footer: string | null }) {
  const lines = (unsubscribe.footer ?? '')
    .split('\n')
    .map((line) => escapeHtml(line.trim()))
    .filter(Boolean);
  const address = lines.length
    ? `<p style="font-size:12px;color:#6b7280;margin:0">${lines.join('<br>')}</p>`
    : '';
  const link = `<p style="font-size:12px;color:#6b7280"><a href="${escapeHtml(unsubscribe.url)}">Unsubscribe</a> from these emails.</p>`;
  return `<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 12px">${address}${link}`;
}
