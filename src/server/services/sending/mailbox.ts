import type { AppContext } from '../../context';
import { gmailTransport } from '../../mail/gmail';
import { graphTransport } from '../../mail/graph';
import { MailAuthError } from '../../mail/mail-errors';
import type { MailTransport } from '../../mail/mail-transport';
import { pooledSmtpSettings, type ServerLogin } from '../../mail/mailbox-servers';
import { smtpTransport } from '../../mail/smtp';
import type { MailboxRow } from '../../queries/mailboxes';
import { providerAccess } from '../provider-token';
import { outboxTransport } from './outbox-transport';

export type Mailbox = {
  transport: MailTransport;
  pacingKey: 'google' | 'microsoft' | 'smtp' | null;
};

const GMAIL_READ_SCOPES = [
  'https://www.googleapis.com/auth/gmail.readonly',
  'https://www.googleapis.com/auth/gmail.modify',
  'https://mail.google.com/',
];
/** Gmail refuses searches (`q`) to any token that holds this scope, whatever else it holds. */
const GMAIL_METADATA_SCOPE = 'https://www.googleapis.com/auth/gmail.metadata';
const GRAPH_READ_SCOPES = ['Mail.ReadBasic', 'Mail.Read'];

/**
 * Whether the granted scopes let the mailbox sync read whole messages (a bounce's report, a
 * reply's text): Gmail as for the Sent folder, Graph only with Mail.Read (Mail.ReadBasic gives
 * no body and no MIME).
 */
export function canReadMail(provider: 'google' | 'microsoft', scopes: string | null): boolean {
  if (provider === 'google') return canSearchSent(provider, scopes);
  const granted = new Set(scopes?.split(/\s+/) ?? []);
  return granted.has('Mail.Read') || granted.has('Mail.ReadWrite');
}

/** Whether the granted scopes let the Sent folder be searched by Message-ID. */
export function canSearchSent(provider: 'google' | 'microsoft', scopes: string | null): boolean {
  const granted = new Set(scopes?.split(/\s+/) ?? []);
  if (provider === 'microsoft') return GRAPH_READ_SCOPES.some((s) => granted.has(s));
  return !granted.has(GMAIL_METADATA_SCOPE) && GMAIL_READ_SCOPES.some((s) => granted.has(s));
}

/** A mailbox's password as stored, readable, or MailAuthError (SECRET_KEY changed without rotating). */
function unsealPassword(ctx: Pick<AppContext, 'tokens'>, sealed: string | null) {
  if (!sealed) throw new MailAuthError('This mailbox has no password: enter it in Settings → Mailboxes.');
  try {
    return ctx.tokens.decrypt(sealed);
  } catch {
    throw new MailAuthError(
      "The mailbox's stored password cannot be read (SECRET_KEY changed?): enter it again in Settings → Mailboxes.",
    );
  }
}

/** The SMTP login of a mailbox set up in Settings (kind `smtp`). */
export function smtpLoginOf(ctx: Pick<AppContext, 'tokens'>, row: MailboxRow): ServerLogin {
  return {
    host: row.smtpHost ?? '',
    port: row.smtpPort ?? 587,
    security: row.smtpSecurity ?? 'starttls',
    user: row.smtpUser ?? '',
    password: unsealPassword(ctx, row.smtpPasswordEnc),
  };
}

/** The IMAP login of a mailbox set up in Settings; null when it has none (replies are not read). */
export function imapLoginOf(ctx: Pick<AppContext, 'tokens'>, row: MailboxRow): ServerLogin | null {
  if (!row.imapHost) return null;
  return {
    host: row.imapHost,
    port: row.imapPort ?? 993,
    security: row.imapSecurity ?? 'tls',
    user: row.imapUser ?? '',
    password: unsealPassword(ctx, row.imapPasswordEnc),
  };
}

/**
 * How mail leaves a mailbox: the Gmail or Outlook API with its owner's sign-in token; the
 * mailbox's own SMTP server; or, for the `server` mailbox of local users, SMTP_URL when it is set,
 * else the in-app outbox. Throws MailAuthError when the mailbox needs new credentials.
 */
export async function mailboxFor(
  ctx: Pick<AppContext, 'db' | 'config' | 'oidc' | 'tokens'>,
  row: MailboxRow,
): Promise<Mailbox> {
  // A refused password stays refused until a new one is entered: no need to ask the server again.
  // (A Gmail or Outlook mailbox asks its provider, whose token may have been renewed meanwhile.)
  if (row.kind === 'smtp' && row.needsReauthAt) {
    throw new MailAuthError(
      "The mail server refused this mailbox's login: enter its current password in Settings → Mailboxes.",
    );
  }
  if (row.kind === 'server') {
    return ctx.config.mail.smtp
      ? { transport: smtpTransport(ctx.config.mail.smtp), pacingKey: 'smtp' }
      : { transport: outboxTransport(ctx.db, row.userId), pacingKey: null };
  }
  if (row.kind === 'smtp') {
    const settings = pooledSmtpSettings(
      row.id,
      row.updatedAt.toISOString(),
      smtpLoginOf(ctx, row),
      ctx.config.mail.servers,
    );
    return { transport: smtpTransport(settings), pacingKey: 'smtp' };
  }
  const provider = row.kind;
  const { token, scopes } = await providerAccess(ctx, row);
  const canRead = canSearchSent(provider, scopes);
  const timeoutMs = ctx.config.mail.timeoutMs;
  return provider === 'google'
    ? {
        transport: gmailTransport({ baseUrl: ctx.config.mail.gmailApiUrl, token, canRead, timeoutMs }),
        pacingKey: 'google',
      }
    : {
        transport: graphTransport({ baseUrl: ctx.config.mail.graphApiUrl, token, canRead, timeoutMs }),
        pacingKey: 'microsoft',
      };
}
