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
