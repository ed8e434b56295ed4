/**
 * An internet domain name with at least one dot (RFC 1123 labels, 253 characters at most): what DNS
 * checks and sender domains accept, so "localhost" and addresses such as you@localhost are refused.
 */
const DOMAIN_NAME = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/i;

export const isDomainName = (value: string) => DOMAIN_NAME.test(value);

/** The domain after an address's last "@", lower-cased; null when there is none or it is not a domain name. */
export function domainOfAddress(address: string | null | undefined): string | null {
  const trimmed = address?.trim() ?? '';
  const at = trimmed.lastIndexOf('@');
  const domain = at > 0 ? trimmed.slice(at + 1) : '';
  return isDomainName(domain) ? domain.toLowerCase() : null;
}
