import { isIP } from 'node:net';
import os from 'node:os';

/** True for an IPv4 or IPv6 address, with or without the brackets URLs put round IPv6. */
export function isIpAddress(host: string): boolean {
  return isIP(host.replace(/^\[|\]$/g, '')) !== 0;
}

export type MessageIdDomain = {
  domain: string;
  /** Where it came from; `machine-name` means PUBLIC_URL's host was an IP address and MAIL_DOMAIN unset. */
  source: 'MAIL_DOMAIN' | 'PUBLIC_URL' | 'machine-name';
};

/**
 * The domain after the "@" of our Message-IDs: MAIL_DOMAIN, else PUBLIC_URL's host. Never an IP
 * address (`<…@127.0.0.1>` and `<…@[::1]>` are not valid RFC 5322 ids and spam filters score them as
 * forged): with PUBLIC_URL on an IP, the machine's name if it is a dotted one, else `localhost`.
 * MAIL_DOMAIN itself is refused at start-up when it is an IP (config.ts).
 */
export function messageIdDomainFor(
  config: { mail: { domain?: string | undefined }; publicUrl: URL },
  machineName: string = os.hostname(),
): MessageIdDomain {
  if (config.mail.domain) return { domain: config.mail.domain, source: 'MAIL_DOMAIN' };
  const host = config.publicUrl.hostname;
  if (!isIpAddress(host)) return { domain: host, source: 'PUBLIC_URL' };
  const name = machineName.trim().replace(/\.$/, '').toLowerCase();
  return { domain: name.includes('.') ? name : 'localhost', source: 'machine-name' };
}
