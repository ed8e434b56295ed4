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
 * docs/product.md §1: the avatar fallback is the initials of the name the sidebar shows (first and
 * last name, else the sender name from Settings: "Maya Patel" is "MP"), else the email's first
 * letter, else 'U'.
 */
export function avatarInitials(user: NamedUser, senderName: string | null | undefined): string {
  const name = personName(user) || senderName?.trim();
  if (!name) return (user.email?.trim() || 'U').charAt(0).toUpperCase();
  const words = name.split(/\s+/).filter((word) => /\p{L}/u.test(word));
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words.slice(0, 1);
  const initials = letters.map((word) => [...word.replace(/^\P{L}+/u, '')][0] ?? '').join('');
  return initials.toUpperCase() || name.charAt(0).toUpperCase();
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
  const name = personName(user) || senderName?.trim();
  const email = user.email?.trim() || null;
  if (name) return { name, email: email === name ? null : email };
  return { name: email ?? 'User', email: null };
}

/** The first and last name the sign-in gave, as far as it gave them ('' for none). */
function personName(user: NamedUser) {
  return [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ');
}
