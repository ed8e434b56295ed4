import type { Config } from '../config';
import { AppError } from '../errors';
import { imapSettingsOf, type ServerLogin, smtpSettingsOf } from '../mail/mailbox-servers';
import { checkImap, checkSmtp, MAILBOX_WORDS } from './doctor/mail-server-checks';

/**
 * Logs in to a mailbox's SMTP server (and IMAP server, when it has one) as the send and the sync
 * will, through the same clients, before the mailbox is saved. Anything short of a clean login
 * over a protected connection (a plain one only to a server on this machine) is refused with the
 * server's own answer and what to change; nothing is sent and nothing is read.
 */
export async function assertMailboxLogins(
  config: Config,
  logins: { smtp: ServerLogin; imap: ServerLogin | null },
) {
  const defaults = config.mail.servers;
  const [smtp, imap] = await Promise.all([
    checkSmtp(smtpSettingsOf(logins.smtp, defaults), MAILBOX_WORDS),
    logins.imap ? checkImap(imapSettingsOf(logins.imap, defaults), MAILBOX_WORDS) : null,
  ]);
  const refused = [smtp, imap].filter((check) => check !== null && check.status !== 'pass');
  if (refused.length > 0) {
    const words = refused.map((c) => `The ${c!.title} ${lowerFirst(c!.why)} ${c!.todo ?? ''}`.trim());
    throw new AppError('unprocessable', words.join(' '));
  }
}

/** "smtp://…" stays as written; a sentence's first word is lowered after "The SMTP server". */
function lowerFirst(text: string) {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}
