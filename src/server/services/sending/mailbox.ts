import type { AppContext } from '../../context';
import { gmailTransport } from '../../mail/gmail';
import { graphTransport } from '../../mail/graph';
import type { MailTransport } from '../../mail/mail-transport';
import { smtpTransport } from '../../mail/smtp';
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

/**
 * How a user's mail leaves: their Gmail or Outlook mailbox when they signed in with Google or
 * Microsoft; for local users, SMTP when SMTP_URL is set, else the in-app outbox.
 */
export async function mailboxFor(
  ctx: Pick<AppContext, 'db' | 'config' | 'oidc' | 'tokens'>,
  user: { id: number },
  provider: 'google' | 'microsoft' | 'local',
): Promise<Mailbox> {
  if (provider === 'local') {
    return ctx.config.mail.smtp
      ? { transport: smtpTransport(ctx.config.mail.smtp), pacingKey: 'smtp' }
      : { transport: outboxTransport(ctx.db, user.id), pacingKey: null };
  }
  const { token, scopes } = await providerAccess(ctx, user.id, provider);
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
