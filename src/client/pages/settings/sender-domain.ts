export type SenderDomain =
  | { ok: true; domain: string }
  | { ok: false; error: 'No sender email found' | 'Invalid email address' };

// An internet domain with at least one dot, as the server's DNS check accepts (so you@localhost is refused).
const DOMAIN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/i;

/** The domain whose DNS records decide deliverability: the part of the sender email after the @. */
export function senderDomain(email: string | null | undefined): SenderDomain {
  const address = email?.trim();
  if (!address) return { ok: false, error: 'No sender email found' };
  const at = address.lastIndexOf('@');
  const domain = at > 0 ? address.slice(at + 1) : '';
  if (!DOMAIN.test(domain)) return { ok: false, error: 'Invalid email address' };
  return { ok: true, domain: domain.toLowerCase() };
}
