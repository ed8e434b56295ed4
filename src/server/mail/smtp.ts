import type { SmtpSettings } from '../config';
import { MailAuthError, MailConfigError, MailOutcomeUnknownError, MailRetryableError } from './mail-errors';
import type { MailTransport } from './mail-transport';
import { type RelayError, SmtpRelay } from './smtp-relay';

const relays = new Map<SmtpSettings, SmtpRelay>();

/** TLS verification failures: the relay's certificate is not trusted as configured. */
export const CERTIFICATE_ERRORS = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/**
 * SMTP to the relay of SMTP_URL and the SMTP_* settings, over a few pooled connections, so the
 * relay's greeting delay and the TLS handshake are paid once per connection, not per message.
 * SMTP has no Sent folder to ask, so a send whose outcome is unknown is settled by the user.
 */
export function smtpTransport(settings: SmtpSettings): MailTransport {
  let relay = relays.get(settings);
  if (!relay) {
    relay = new SmtpRelay(settings);
    relays.set(settings, relay);
  }
  const pool = relay;
  return {
    kind: 'smtp',
    async send(message) {
      try {
        const response = await pool.send({ from: message.from, to: [message.to] }, message.raw);
        return { providerMessageId: response };
      } catch (err) {
        throw smtpFailure(err as RelayError, settings);
      }
    },
    findSent: null,
  };
}

/**
 * Sorts an SMTP failure by what it means for the message: a reply from the server is its answer
 * (4xx try later, 5xx no); a broken or silent connection is harmless before the whole message was
 * handed over, and an unknown outcome after; settings the relay refuses are a configuration error.
 */
export function smtpFailure(err: RelayError, settings: SmtpSettings): Error {
  const text = err.message;
  const code = err.responseCode;
  if ((err.code === 'EAUTH' || err.code === 'ENOAUTH') && settings.login === 'mailbox') {
    return new MailAuthError(
      `The mail server refused the mailbox's login: ${text}. Enter its current password in Settings → Mailboxes.`,
    );
  }
  if (err.code === 'EAUTH' || err.code === 'ENOAUTH') {
    return new MailConfigError(
      `The SMTP relay refused the login: ${text}. Check the user name and password in SMTP_URL.`,
    );
  }
  if (CERTIFICATE_ERRORS.has(err.originalCode ?? '') || CERTIFICATE_ERRORS.has(err.code ?? '')) {
    return new MailConfigError(
      `The SMTP relay's TLS certificate was not trusted: ${text}. Set SMTP_TLS_CA to the file of the CA that signed it${settings.tlsRejectUnauthorized ? ', or SMTP_TLS_REJECT_UNAUTHORIZED=false for a self-signed relay' : ''}.`,
    );
  }
  if (err.command === 'STARTTLS' || (err.code === 'ETLS' && settings.startTls === 'required')) {
    return new MailConfigError(
      `The SMTP relay did not start TLS: ${text}. SMTP_STARTTLS=required needs a relay that offers STARTTLS; use smtps:// for implicit TLS on port 465.`,
    );
  }
  if (/wrong version number|packet length too long|unknown protocol/i.test(text)) {
    return new MailConfigError(
      `TLS could not start with the SMTP relay: ${text}. Use smtps:// only for implicit TLS (usually port 465) and smtp:// for port 587 or 25.`,
    );
  }
  if (code !== undefined && code >= 500) {
    return new Error(`The mail server refused the message (${code}): ${text}`);
  }
  if (code !== undefined) return new MailRetryableError(`SMTP: ${text}`);
  if (err.handedOver) {
    return new MailOutcomeUnknownError(
      `The connection to the mail server broke after the whole message was handed over, before it answered (${text})`,
    );
  }
  return new MailRetryableError(`SMTP: ${text}`);
}

/** Closes this configuration's relay connections (QUIT), when its process or test app stops. */
export function closeSmtpRelay(settings: SmtpSettings | null) {
  if (!settings) return;
  relays.get(settings)?.close();
  relays.delete(settings);
}
