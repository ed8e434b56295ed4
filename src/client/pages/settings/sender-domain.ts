import { domainOfAddress } from '../../../contract/domain-name';

export type SenderDomain =
  | { ok: true; domain: string }
  | { ok: false; error: 'No sender email found' | 'Invalid email address' };

/**
 * The domain whose DNS records decide deliverability: the part of the sender email after the @, when
 * it is an internet domain as the server's DNS check accepts (so you@localhost has none).
 */
export function senderDomain(email: string | null | undefined): SenderDomain {
  if (!email?.trim()) return { ok: false, error: 'No sender email found' };
  const domain = domainOfAddress(email);
  return domain ? { ok: true, domain } : { ok: false, error: 'Invalid email address' };
}
