import { FOUR_EYES_MESSAGE, type Role, roleAllows } from '../../contract/workspaces';
import { AppError } from '../errors';
import type { Member } from '../queries/workspaces';

/**
 * For a call whose route allows a lower role but whose particular change needs more (an email's
 * edit is a reviewer's, moving it in time a sender's): refused with the role it needs.
 */
export function assertRole(member: Member, needed: Role) {
  if (!roleAllows(member.role, needed)) {
    throw new AppError(
      'forbidden',
      `Your role in this workspace (${member.role}) cannot do this: it needs ${needed}`,
    );
  }
}

/**
 * A mailbox sends only what its owner sends: an email (or campaign) goes from its maker's mailbox,
 * so only the maker may send, schedule or resend it, whatever their role.
 */
export function assertOwnMailbox(member: Member, row: { userId: number }) {
  if (row.userId !== member.userId) {
    throw new AppError('forbidden', "This goes from a teammate's mailbox: only they can send it");
  }
}

/**
 * Four-eyes approval (a workspace setting): the person who generated an email's text, or edited it
 * last, does not approve it. Emails written before teams name no writer and are not held.
 */
export function assertSecondPairOfEyes(member: Member, email: { writtenBy: number | null }) {
  if (member.fourEyes && email.writtenBy === member.userId)
    throw new AppError('forbidden', FOUR_EYES_MESSAGE);
}
