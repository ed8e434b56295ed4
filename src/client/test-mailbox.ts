import type { Mailbox } from '../contract/mailboxes';

/** A mailbox as GET /api/mailboxes lists it, for client tests: a person's active sign-in Gmail. */
export const testMailbox = (changes: Partial<Mailbox> = {}): Mailbox => ({
  id: 1,
  kind: 'google',
  address: 'pat@example.com',
  displayName: null,
  isDefault: false,
  dailyLimit: 500,
  ownDailyLimit: false,
  signature: null,
  sendingHours: null,
  sync: null,
  state: 'active',
  stateMessage: null,
  smtp: null,
  imap: null,
  signIn: true,
  sentToday: 0,
  sent: 0,
  replied: 0,
  bounced: 0,
  ...changes,
});
