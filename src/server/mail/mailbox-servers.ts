import type { Config, ImapSettings, SmtpSettings } from '../config';
import { closeSmtpRelay } from './smtp';

/** A mailbox's own server, as entered in Settings. */
export type ServerLogin = {
  host: string;
  port: number;
  /** `tls`: implicit TLS; `starttls`: STARTTLS required; `none`: plain (a relay on this machine). */
  security: 'tls' | 'starttls' | 'none';
  user: string;
  password: string;
};

type Defaults = Config['mail']['servers'];

const STARTTLS = { tls: 'opportunistic', starttls: 'required', none: 'never' } as const;

function urlOf(scheme: 'smtp' | 'imap', login: ServerLogin) {
  const secure = login.security === 'tls' ? 's' : '';
  const host = login.host.includes(':') ? `[${login.host}]` : login.host;
  return `${scheme}${secure}://${encodeURIComponent(login.user)}:${encodeURIComponent(login.password)}@${host}:${login.port}`;
}

/** The SMTP settings the relay client and the send use for a mailbox's own server. */
export function smtpSettingsOf(login: ServerLogin, defaults: Defaults): SmtpSettings {
  return {
    url: urlOf('smtp', login),
    startTls: STARTTLS[login.security],
    tlsCa: defaults.tlsCa,
    tlsRejectUnauthorized: defaults.tlsRejectUnauthorized,
    name: defaults.name,
    timeoutMs: defaults.timeoutMs,
    login: 'mailbox',
  };
}

/** The IMAP settings the sync and the check on save use for a mailbox's own server (its INBOX). */
export function imapSettingsOf(login: ServerLogin, defaults: Defaults): ImapSettings {
  return {
    url: urlOf('imap', login),
    mailbox: 'INBOX',
    rescanDays: defaults.rescanDays,
    tlsCa: defaults.tlsCa,
    tlsRejectUnauthorized: defaults.tlsRejectUnauthorized,
    timeoutMs: defaults.timeoutMs,
    startTls: STARTTLS[login.security],
  };
}

/**
 * One settings object per mailbox and version of its login, so its sends share one relay's
 * pooled connections (the pool is found by the settings object); a changed login closes the old
 * pool.
 */
const mailboxRelays = new Map<number, { stamp: string; settings: SmtpSettings }>();

export function pooledSmtpSettings(
  mailboxId: number,
  stamp: string,
  login: ServerLogin,
  defaults: Defaults,
): SmtpSettings {
  const held = mailboxRelays.get(mailboxId);
  if (held?.stamp === stamp) return held.settings;
  if (held) closeSmtpRelay(held.settings);
  const settings = smtpSettingsOf(login, defaults);
  mailboxRelays.set(mailboxId, { stamp, settings });
  return settings;
}

/** Closes every mailbox's relay connections, when the process stops. */
export function closeMailboxRelays() {
  for (const { settings } of mailboxRelays.values()) closeSmtpRelay(settings);
  mailboxRelays.clear();
}
