import type { ImapSettings, SmtpSettings } from '../../config';
import { isLoopbackHost } from '../../lib/loopback';
import { CERTIFICATE_ERRORS } from '../../mail/smtp';
import { type RelayError, SmtpRelay } from '../../mail/smtp-relay';
import { type DoctorCheck, fail, pass, reasonOf, warn, within } from './doctor-check';

/** The URL as the operator wrote it, without its password. */
export function withoutPassword(raw: string): string {
  const url = new URL(raw);
  if (url.password) url.password = '****';
  return url.href.replace(/\/$/, '');
}

/**
 * What the checks call the server and what they tell the reader to change: the deployment's
 * settings for the doctor, a mailbox's fields in Settings for a mailbox set up there (the same
 * checks test its login before it is saved).
 */
export type ServerWords = {
  smtpTitle: string;
  imapTitle: string;
  /** Where the SMTP user name and password are changed. */
  smtpLogin: string;
  /** Where the SMTP host and port are changed. */
  smtpHost: string;
  imapLogin: string;
  imapHost: string;
  /** How to ask for TLS. */
  smtpTls: string;
  imapTls: string;
  /** Where a private CA is named. */
  tlsCa: string;
  /** How the server is named in the answer: the URL without its password, or host and port. */
  where: (url: string) => string;
};

export const DEPLOYMENT_WORDS: ServerWords = {
  smtpTitle: 'SMTP relay (SMTP_URL)',
  imapTitle: 'IMAP mailbox (IMAP_URL)',
  smtpLogin:
    'Check the user name and password in SMTP_URL (special characters in them must be percent-encoded).',
  smtpHost:
    'Check the host and port in SMTP_URL, and that this machine may connect to it (firewall, provider blocks on port 25).',
  imapLogin: 'Check the user name and password in IMAP_URL.',
  imapHost:
    'Check the host and port in IMAP_URL (imaps:// uses 993, imap:// 143), and SMTP_TLS_CA for a private CA.',
  smtpTls: 'Use smtps:// (port 465), or SMTP_STARTTLS=required with a relay that offers STARTTLS.',
  imapTls: 'Use imaps:// (port 993), or a server that offers STARTTLS.',
  tlsCa: 'Set SMTP_TLS_CA to the file of the CA that signed it',
  where: withoutPassword,
};

/** The words for a mailbox set up in Settings: its own fields, not the server's environment. */
export const MAILBOX_WORDS: ServerWords = {
  smtpTitle: 'SMTP server',
  imapTitle: 'IMAP server',
  smtpLogin: 'Check the SMTP user name and password (many providers want an app password here).',
  smtpHost:
    'Check the SMTP server name and port (587 with STARTTLS, 465 with TLS), and that this server may connect to it.',
  imapLogin: 'Check the IMAP user name and password (often the same as for SMTP).',
  imapHost: 'Check the IMAP server name and port (993 with TLS, 143 with STARTTLS).',
  smtpTls: 'Choose TLS (port 465) or STARTTLS (port 587).',
  imapTls: 'Choose TLS (port 993) or STARTTLS (port 143).',
  tlsCa: "Ask this Tailor's administrator to trust the CA that signed it (SMTP_TLS_CA)",
  where: (url) => {
    const { hostname, port } = new URL(url);
    return `at ${hostname}:${port}`;
  },
};

/** Connects to SMTP_URL as a send does (TLS as configured, login) and quits, sending nothing. */
export async function checkSmtp(
  settings: SmtpSettings | null,
  words: ServerWords = DEPLOYMENT_WORDS,
): Promise<DoctorCheck> {
  const SMTP = words.smtpTitle;
  if (!settings) {
    return pass(
      'smtp',
      SMTP,
      "Not used: SMTP_URL is not set; Gmail and Outlook users send from their own mailboxes, and local users' mail stays in the in-app outbox.",
    );
  }
  const where = words.where(settings.url);
  const relay = new SmtpRelay(settings);
  try {
    const found = await within(settings.timeoutMs + 1000, `The SMTP relay ${where}`, relay.probe());
    const local = isLoopbackHost(new URL(settings.url).hostname);
    if (found.hasUser && !found.loggedIn) {
      return fail(
        'smtp',
        SMTP,
        `${where} answered but offers no login${found.tls ? '' : ' on an unencrypted connection'}, so the user name is not used.`,
        found.tls
          ? 'Remove the user name if the relay needs none, or enable AUTH on the relay.'
          : `${words.smtpTls} Most relays allow login only over TLS.`,
      );
    }
    const how = `${found.tls ? 'over TLS' : 'without TLS'}${found.loggedIn ? ', logged in' : ', no login'}`;
    if (!found.tls && !local) {
      return warn(
        'smtp',
        SMTP,
        `${where} accepts mail ${how}: messages${found.loggedIn ? ' and the password' : ''} cross the network unencrypted.`,
        words.smtpTls,
      );
    }
    return pass('smtp', SMTP, `${where} accepts a session ${how}.`);
  } catch (err) {
    return smtpProblem(where, settings, err as RelayError, words);
  } finally {
    relay.close();
  }
}

function smtpProblem(
  where: string,
  settings: SmtpSettings,
  err: RelayError,
  words: ServerWords,
): DoctorCheck {
  const SMTP = words.smtpTitle;
  const text = reasonOf(err);
  if (err.code === 'EAUTH' || err.code === 'ENOAUTH') {
    return fail('smtp', SMTP, `${where} refused the login: ${text}.`, words.smtpLogin);
  }
  if (CERTIFICATE_ERRORS.has(err.originalCode ?? '') || CERTIFICATE_ERRORS.has(err.code ?? '')) {
    return fail(
      'smtp',
      SMTP,
      `${where} showed a TLS certificate Tailor does not trust: ${text}.`,
      `${words.tlsCa}${settings.tlsRejectUnauthorized && words === DEPLOYMENT_WORDS ? ', or SMTP_TLS_REJECT_UNAUTHORIZED=false for a self-signed relay' : ''}.`,
    );
  }
  if (err.command === 'STARTTLS' || (err.code === 'ETLS' && settings.startTls === 'required')) {
    return fail(
      'smtp',
      SMTP,
      `${where} did not start TLS: ${text}.`,
      words === DEPLOYMENT_WORDS
        ? 'SMTP_STARTTLS=required needs a relay that offers STARTTLS; use smtps:// for implicit TLS on port 465.'
        : 'This server does not offer STARTTLS: choose TLS (port 465).',
    );
  }
  if (/wrong version number|packet length too long|unknown protocol/i.test(text)) {
    return fail(
      'smtp',
      SMTP,
      `TLS could not start with ${where}: ${text}.`,
      words === DEPLOYMENT_WORDS
        ? 'Use smtps:// only for implicit TLS (usually port 465) and smtp:// for port 587 or 25.'
        : 'Choose TLS only for port 465, and STARTTLS for port 587 or 25.',
    );
  }
  return fail('smtp', SMTP, `${where} could not be reached: ${text}.`, words.smtpHost);
}

/** Connects to IMAP_URL, logs in and opens IMAP_MAILBOX read-only, as the mailbox sync does. */
export async function checkImap(
  settings: ImapSettings | null,
  words: ServerWords = DEPLOYMENT_WORDS,
): Promise<DoctorCheck> {
  const IMAP = words.imapTitle;
  if (!settings) {
    return pass(
      'imap',
      IMAP,
      'Not used: IMAP_URL is not set; replies and bounces are read only from Gmail and Outlook mailboxes.',
    );
  }
  const where = words.where(settings.url);
  // Loaded here: the IMAP package is a large part of the server's code, needed only with IMAP_URL.
  const { imapClientFor, imapErrorText } = await import('../../mail/imap-inbox');
  const client = imapClientFor(settings);
  // A dropped connection is also reported as an 'error' event; the failed call below says why.
  client.on('error', () => {});
  try {
    await within(settings.timeoutMs + 1000, `The IMAP server ${where}`, client.connect());
    const tls = client.secureConnection;
    await within(
      settings.timeoutMs + 1000,
      `The IMAP server ${where}`,
      client.mailboxOpen(settings.mailbox, { readOnly: true }),
    ).catch((err: unknown) => {
      throw Object.assign(new Error(imapErrorText(err)), { mailbox: true });
    });
    if (!tls && !isLoopbackHost(new URL(settings.url).hostname)) {
      return warn(
        'imap',
        IMAP,
        `${where} let Tailor log in without TLS: the password crosses the network unencrypted.`,
        words.imapTls,
      );
    }
    return pass(
      'imap',
      IMAP,
      `${where} accepts the login ${tls ? 'over TLS' : 'without TLS'} and opens ${settings.mailbox}.`,
    );
  } catch (err) {
    const e = err as { authenticationFailed?: boolean; responseText?: string; mailbox?: boolean };
    if (e.authenticationFailed) {
      return fail(
        'imap',
        IMAP,
        `${where} refused the login: ${reasonOf(e.responseText ?? 'no reason given')}.`,
        words.imapLogin,
      );
    }
    if (e.mailbox) {
      return fail(
        'imap',
        IMAP,
        `${where} accepts the login but cannot open the mailbox ${settings.mailbox}: ${reasonOf(err)}.`,
        'Set IMAP_MAILBOX to the folder replies and bounces arrive in (INBOX unless you filter them elsewhere).',
      );
    }
    return fail('imap', IMAP, `${where} could not be reached: ${imapErrorText(err)}.`, words.imapHost);
  } finally {
    await client.logout().catch(() => client.close());
  }
}
