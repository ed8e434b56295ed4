import type { CurrentUser } from '../../contract/auth';

type NamedUser = Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>;

/** docs/product.md §1: first plus last name when both exist, else the email, else 'User'. */
export function displayName(user: NamedUser): string {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  if (first && last) return `${first} ${last}`;
  return user.email?.trim() || 'User';
}

/**
 * docs/product.md §1: the avatar fallback is the first letter of the first name, else of the email, else
 * 'U'.
 */
export function avatarLetter(user: NamedUser): string {
  const source = user.firstName?.trim() || user.email?.trim() || 'U';
  return source.charAt(0).toUpperCase();
}

/**
 * The sidebar's two lines (docs/product.md §1): the person's name (first and last name, else the
 * sender name from Settings, which is all a local user has) above the email; with no name, the
 * email alone, once.
 */
export function accountLines(
  user: NamedUser,
  senderName: string | null | undefined,
): { name: string; email: string | null } {
  const fullName = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ');
  const name = fullName || senderName?.trim();
  const email = user.email?.trim() || null;
  if (name) return { name, email: email === name ? null : email };
  return { name: email ?? 'User', email: null };
}
