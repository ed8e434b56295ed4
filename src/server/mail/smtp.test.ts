import { describe, expect, it } from 'vitest';
import type { SmtpSettings } from '../config';
import { MailConfigError, MailOutcomeUnknownError, MailRetryableError } from './mail-errors';
import { smtpFailure } from './smtp';
import type { RelayError } from './smtp-relay';

const settings = {
  url: 'smtp://relay.example:587',
  startTls: 'opportunistic',
  tlsRejectUnauthorized: true,
  timeoutMs: 60_000,
} as SmtpSettings;
const failure = (fields: Partial<RelayError>) =>
  smtpFailure(Object.assign(new Error(fields.message ?? 'failed'), { handedOver: false }, fields), settings);

describe('smtpFailure: what an SMTP failure means for the message', () => {
  it('a dropped connection before the message was handed over is retryable; after, unknown', () => {
    expect(failure({ code: 'ECONNECTION' })).toBeInstanceOf(MailRetryableError);
    expect(failure({ code: 'ETIMEDOUT' })).toBeInstanceOf(MailRetryableError);
    expect(failure({ code: 'ECONNECTION', handedOver: true })).toBeInstanceOf(MailOutcomeUnknownError);
    expect(failure({ code: 'ETIMEDOUT', handedOver: true })).toBeInstanceOf(MailOutcomeUnknownError);
  });

  it('a reply is the server answer even after the message: 4xx retryable, 5xx final', () => {
    expect(failure({ responseCode: 451, handedOver: true })).toBeInstanceOf(MailRetryableError);
    expect(failure({ responseCode: 421 })).toBeInstanceOf(MailRetryableError);
    const refused = failure({ responseCode: 550, message: '5.1.1 no such user' });
    expect(refused).not.toBeInstanceOf(MailRetryableError);
    expect(refused.message).toMatch(/refused the message \(550\)/);
  });

  it('settings the relay refuses are configuration errors naming the setting', () => {
    expect(failure({ code: 'EAUTH', responseCode: 535 }).message).toMatch(/SMTP_URL/);
    const untrusted = failure({ code: 'ESOCKET', originalCode: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(untrusted).toBeInstanceOf(MailConfigError);
    expect(untrusted.message).toMatch(/SMTP_TLS_CA.*SMTP_TLS_REJECT_UNAUTHORIZED=false/);
    expect(failure({ code: 'ETLS', command: 'STARTTLS', responseCode: 502 })).toBeInstanceOf(MailConfigError);
    expect(
      failure({
        code: 'ESOCKET',
        originalCode: 'ERR_SSL_WRONG_VERSION_NUMBER',
        message: 'wrong version number',
      }).message,
    ).toMatch(/smtps:\/\//);
  });
});
