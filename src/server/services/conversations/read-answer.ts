import type { AddressObject } from 'mailparser';
import type { AnswerMessage } from '../../../contract/inbox';
import type { AppContext } from '../../context';
import type { WorkspaceId } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { gmailInbox } from '../../mail/gmail-inbox';
import { graphInbox } from '../../mail/graph-inbox';
import { MailAuthError } from '../../mail/mail-errors';
import { imapSettingsOf } from '../../mail/mailbox-servers';
import { findAnswerSource, findKeptBody, keepBody } from '../../queries/inbox';
import { findMailbox } from '../../queries/mailboxes';
import { providerAccess } from '../provider-token';
import { imapLoginOf } from '../sending/mailbox';
import { sanitiseAnswerHtml, withoutRemoteImages } from './answer-html';

type Ctx = Pick<AppContext, 'db' | 'config' | 'oidc' | 'tokens' | 'clock'>;

/** The most of one message read for the reading view: attachments beyond it are not needed whole. */
const MAX_BYTES = 25 * 1024 * 1024;

/** The reading view's content without the image choice: what a workspace that keeps answers keeps. */
type Kept = Omit<AnswerMessage, 'blockedImages' | 'source'>;

/**
 * One answer read whole (docs/product.md §16): from the workspace's kept copy while it has one,
 * else fetched from the mailbox it arrived in (Gmail, Outlook or IMAP), parsed and sanitised. A
 * workspace that keeps answers keeps the sanitised copy for its number of days; others keep
 * nothing. Remote images stay out unless `images` is set.
 */
export async function readAnswer(
  ctx: Ctx,
  workspaceId: WorkspaceId,
  id: number,
  images: boolean,
): Promise<AnswerMessage> {
  const answer = await findAnswerSource(ctx.db, workspaceId, id);
  if (!answer) throw notFound('Answer');
  const now = ctx.clock();
  const kept = answer.keepDays > 0 ? ((await findKeptBody(ctx.db, id, now)) as Kept | null) : null;
  if (kept) return present(kept, images, 'kept');
  const raw = await fetchRaw(ctx, answer);
  if (!raw)
    throw new AppError(
      'not_found',
      'The message is no longer in the mailbox it arrived in (deleted or moved); only its snippet is left here.',
    );
  const content = await parse(raw);
  if (answer.keepDays > 0) await keepBody(ctx.db, id, content, now);
  return present(content, images, 'mailbox');
}

function present(content: Kept, images: boolean, source: AnswerMessage['source']): AnswerMessage {
  if (!content.html || images) return { ...content, blockedImages: 0, source };
  const { html, blocked } = withoutRemoteImages(content.html);
  return { ...content, html, blockedImages: blocked, source };
}

async function fetchRaw(
  ctx: Ctx,
  answer: NonNullable<Awaited<ReturnType<typeof findAnswerSource>>>,
): Promise<Buffer | null> {
  const ref = answer.providerRef;
  if (!ref)
    throw new AppError(
      'conflict',
      'This answer was recorded before Tailor kept where messages are; open it in your mailbox instead.',
    );
  const [kind, ...rest] = ref.split(':');
  const mailbox = answer.mailboxId !== null ? await findMailbox(ctx.db, answer.mailboxId) : null;
  if (answer.mailboxId !== null && !mailbox)
    throw new AppError('conflict', 'The mailbox this answer arrived in has been removed from Tailor.');
  try {
    if (kind === 'gmail' || kind === 'graph') {
      if (!mailbox || (mailbox.kind !== 'google' && mailbox.kind !== 'microsoft')) return null;
      const access = await providerAccess(ctx, mailbox);
      const client = { token: access.token, timeoutMs: ctx.config.mail.timeoutMs };
      return kind === 'gmail'
        ? gmailInbox({ ...client, baseUrl: ctx.config.mail.gmailApiUrl }).raw(rest.join(':'))
        : graphInbox({ ...client, baseUrl: ctx.config.mail.graphApiUrl }).mime(rest.join(':'));
    }
    if (kind === 'imap') {
      const login = mailbox ? imapLoginOf(ctx, mailbox) : null;
      const settings = mailbox
        ? login && imapSettingsOf(login, ctx.config.mail.servers)
        : ctx.config.mail.imap;
      if (!settings)
        throw new AppError('conflict', 'The mailbox this answer arrived in can no longer be read.');
      const [uidValidity, uid] = rest.map(Number);
      const messageId = answer.sourceKey.startsWith('message-id:') ? answer.sourceKey.slice(11) : null;
      // Loaded here, as the parser below: the IMAP and MIME packages are a third of the server's code
      // and most starts never read a message.
      const { readImapMessage } = await import('../../mail/imap-inbox');
      return readImapMessage(settings, { uidValidity: uidValidity!, uid: uid!, messageId }, MAX_BYTES);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof MailAuthError) throw new AppError('conflict', err.message);
    throw new AppError('upstream_failed', `The mailbox could not be read: ${(err as Error).message}`);
  }
  return null;
}

async function parse(raw: Buffer): Promise<Kept> {
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(raw, { skipTextToHtml: true, skipTextLinks: true });
  const addresses = (field: AddressObject | AddressObject[] | undefined) =>
    (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) =>
      a.value.map((v) => (v.name ? `${v.name} <${v.address ?? ''}>` : (v.address ?? ''))),
    );
  const from = mail.from?.value[0];
  return {
    subject: mail.subject ?? '',
    from: { name: from?.name || null, address: from?.address ?? null },
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    date: mail.date?.toISOString() ?? null,
    html: typeof mail.html === 'string' ? sanitiseAnswerHtml(mail.html) : null,
    text: mail.text ?? null,
    attachments: mail.attachments
      .filter((a) => a.contentDisposition !== 'inline' || !a.contentId)
      .map((a) => ({
        filename: a.filename ?? 'unnamed',
        contentType: a.contentType,
        size: a.size,
      })),
  };
}
