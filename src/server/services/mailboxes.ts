import { dailyLimitFor } from '../../contract/email-rules';
import type { CreateMailboxBody, Mailbox, UpdateMailboxBody } from '../../contract/mailboxes';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { WorkspaceId } from '../db/schema';
import { AppError, notFound } from '../errors';
import type { ServerLogin } from '../mail/mailbox-servers';
import { findSyncStates, type SyncState } from '../queries/conversation-reads';
import { userMailboxesToday } from '../queries/mailbox-capacity';
import { mailboxTotalsOfUser } from '../queries/mailbox-figures';
import {
  deleteMailbox,
  findOwnMailbox,
  insertMailbox,
  type MailboxRow,
  mailboxesOfUser,
  makeDefaultMailbox,
  signInMailboxNeedsReauth,
  updateMailboxRow,
  waitingEmailsOf,
} from '../queries/mailboxes';
import { findSenderSettings } from '../queries/sender-settings';
import { deleteOauthAccount, findUser, mailboxAccountsOf } from '../queries/users';
import { IMAP_SYNC_KEY } from './conversations/sync-imap';
import { mailboxSyncKey } from './conversations/sync-mailbox';
import { assertMailboxLogins } from './mailbox-login-check';
import { imapLoginOf, smtpLoginOf } from './sending/mailbox';
import { requeueWaiting } from './sending/resume';
import { forgetMailbox } from './sending/sender';

type Ctx = Pick<AppContext, 'db' | 'config' | 'tokens' | 'sendQueue'>;
type Person = { id: number };

/** Whether the person's Gmail or Outlook mailbox waits for a new sign-in (the app's banner). */
export function mailboxNeedsSignIn(db: Db, userId: number) {
  return signInMailboxNeedsReauth(db, userId);
}

/** What a mailbox in a state other than active asks of its owner, in words. */
function stateOf(row: MailboxRow, signIn: boolean, address: string): Pick<Mailbox, 'state' | 'stateMessage'> {
  if (row.needsReauthAt) {
    const provider = row.kind === 'google' ? 'Google' : 'Microsoft';
    // Signing in again with the account renews its tokens too; a connected one has only Reconnect.
    const again = signIn ? ` (or sign out and sign in with ${provider} again)` : '';
    const message =
      row.kind === 'smtp'
        ? 'The mail server refused the login. Enter the current password (Edit) and sending resumes.'
        : `${provider} no longer lets Tailor send from ${address}. Reconnect it${again}; sending resumes by itself.`;
    return { state: 'needs_credentials', stateMessage: message };
  }
  if (row.pausedAt) return { state: 'paused', stateMessage: row.pausedReason ?? 'Paused.' };
  return { state: 'active', stateMessage: null };
}

const loginView = (
  host: string | null,
  port: number | null,
  security: ServerLogin['security'] | null,
  user: string | null,
) => (host && port && security ? { host, port, security, user: user ?? '' } : null);

function present(
  row: MailboxRow,
  fallbackAddress: string,
  sentToday: number,
  signIn: boolean,
  reading: Pick<Mailbox, 'sent' | 'replied' | 'bounced' | 'sync'>,
): Mailbox {
  return {
    id: row.id,
    kind: row.kind,
    address: row.address ?? fallbackAddress,
    displayName: row.displayName,
    isDefault: row.isDefault,
    dailyLimit: dailyLimitFor(true, row.dailyLimit),
    ownDailyLimit: row.dailyLimit !== null,
    signature: row.signature,
    sendingHours: row.sendingHours,
    ...stateOf(row, signIn, row.address ?? fallbackAddress),
    smtp: loginView(row.smtpHost, row.smtpPort, row.smtpSecurity, row.smtpUser),
    imap: loginView(row.imapHost, row.imapPort, row.imapSecurity, row.imapUser),
    signIn,
    sentToday,
    ...reading,
  };
}

/** The person's mailboxes, with today's use; the From address of sign-in ones is the account's. */
export async function listMailboxes(db: Db, person: Person, workspaceId?: WorkspaceId): Promise<Mailbox[]> {
  const rows = await mailboxesOfUser(db, person.id);
  const [today, user, accounts, totals, syncs] = await Promise.all([
    userMailboxesToday(db, person.id),
    findUser(db, person.id),
    mailboxAccountsOf(db, person.id),
    mailboxTotalsOfUser(db, person.id),
    findSyncStates(db, rows.map(syncKeyOf)),
  ]);
  const settings = workspaceId ? await findSenderSettings(db, { userId: person.id, workspaceId }) : null;
  const sent = new Map(today.map((m) => [m.mailboxId, m.sentWithUnsubscribe + m.sentWithoutUnsubscribe]));
  const signedIn = new Set(accounts.filter((a) => a.account.signedInAt).map((a) => a.mailboxId));
  const fallback = user?.email ?? settings?.email ?? '';
  const totalsOf = new Map(totals.map(({ mailboxId, ...t }) => [mailboxId, t]));
  const syncOf = new Map(syncs.map((s) => [s.key, syncView(s)]));
  return rows.map((row) =>
    present(row, fallback, sent.get(row.id) ?? 0, isSignInMailbox(row, signedIn), {
      ...(totalsOf.get(row.id) ?? { sent: 0, replied: 0, bounced: 0 }),
      sync: syncOf.get(syncKeyOf(row)) ?? null,
    }),
  );
}

/** Where a mailbox's sync keeps its state: its own key, or the deployment's IMAP mailbox for the relay. */
const syncKeyOf = (row: MailboxRow) => (row.kind === 'server' ? IMAP_SYNC_KEY : mailboxSyncKey(row.id));

/** The last good sync, and the last error only while no sync succeeded after it. */
function syncView(state: SyncState): NonNullable<Mailbox['sync']> {
  const failedSince =
    state.lastError !== null &&
    (!state.lastSyncedAt || (state.lastErrorAt !== null && state.lastErrorAt > state.lastSyncedAt));
  return {
    lastSyncedAt: state.lastSyncedAt?.toISOString() ?? null,
    lastError: failedSince ? state.lastError : null,
    lastErrorAt: failedSince ? (state.lastErrorAt?.toISOString() ?? null) : null,
  };
}

/** The relay, and a Google or Microsoft mailbox whose account the person signs in with (or with none). */
function isSignInMailbox(row: MailboxRow, signedInMailboxIds: Set<number>) {
  if (row.kind === 'smtp') return false;
  if (row.kind === 'server' || row.oauthAccountId === null) return true;
  return signedInMailboxIds.has(row.id);
}

async function presentOne(db: Db, person: Person, mailboxId: number) {
  const found = (await listMailboxes(db, person)).find((m) => m.id === mailboxId);
  if (!found) throw notFound('Mailbox');
  return found;
}

async function ownMailbox(db: Db, person: Person, mailboxId: number) {
  const row = await findOwnMailbox(db, person.id, mailboxId);
  if (!row) throw notFound('Mailbox');
  return row;
}

/** POST /api/mailboxes: saved only once both logins work; the passwords are stored encrypted. */
export async function createMailbox(ctx: Ctx, person: Person, body: CreateMailboxBody) {
  await assertMailboxLogins(ctx.config, { smtp: body.smtp, imap: body.imap ?? null });
  const seal = (password: string) => ctx.tokens.encrypt(password);
  const row = await insertMailbox(ctx.db, {
    userId: person.id,
    kind: 'smtp',
    address: body.address,
    displayName: body.displayName ?? null,
    dailyLimit: body.dailyLimit ?? null,
    signature: body.signature ?? null,
    sendingHours: body.sendingHours ?? null,
    ...smtpColumns(body.smtp, seal(body.smtp.password)),
    ...imapColumns(body.imap ?? null, body.imap ? seal(body.imap.password) : null),
  });
  if (body.isDefault) await makeDefaultMailbox(ctx.db, person.id, row.id);
  return presentOne(ctx.db, person, row.id);
}

const smtpColumns = (login: Omit<ServerLogin, 'password'>, passwordEnc: string) => ({
  smtpHost: login.host,
  smtpPort: login.port,
  smtpSecurity: login.security,
  smtpUser: login.user,
  smtpPasswordEnc: passwordEnc,
});

const imapColumns = (login: Omit<ServerLogin, 'password'> | null, passwordEnc: string | null) => ({
  imapHost: login?.host ?? null,
  imapPort: login?.port ?? null,
  imapSecurity: login?.security ?? null,
  imapUser: login?.user ?? null,
  imapPasswordEnc: login ? passwordEnc : null,
});

/**
 * PUT /api/mailboxes/:id. A changed login is tested with the stored password where none is given;
 * once it works, a mailbox that waited for new credentials resumes and its waiting emails go out.
 */
export async function updateMailbox(ctx: Ctx, person: Person, mailboxId: number, body: UpdateMailboxBody) {
  const row = await ownMailbox(ctx.db, person, mailboxId);
  const changesLogin = body.smtp !== undefined || body.imap !== undefined || body.address !== undefined;
  if (changesLogin && row.kind !== 'smtp')
    throw new AppError(
      'bad_request',
      'Only a mailbox set up with its own SMTP server has a login and address to change here',
    );
  const values: Parameters<typeof updateMailboxRow>[2] = {};
  if (body.displayName !== undefined) values.displayName = body.displayName;
  if (body.dailyLimit !== undefined) values.dailyLimit = body.dailyLimit;
  if (body.signature !== undefined) values.signature = body.signature;
  if (body.sendingHours !== undefined) values.sendingHours = body.sendingHours;
  if (body.address !== undefined) values.address = body.address;
  let resumes = false;
  if (body.smtp || body.imap !== undefined) {
    const smtp = body.smtp
      ? { ...body.smtp, password: body.smtp.password ?? keptPassword(body.smtp, smtpLoginOf(ctx, row)) }
      : smtpLoginOf(ctx, row);
    const storedImap = body.imap === undefined ? imapLoginOf(ctx, row) : null;
    const imap = body.imap
      ? { ...body.imap, password: body.imap.password ?? keptPassword(body.imap, imapLoginOf(ctx, row)) }
      : storedImap;
    await assertMailboxLogins(ctx.config, { smtp, imap });
    Object.assign(values, smtpColumns(smtp, ctx.tokens.encrypt(smtp.password)));
    Object.assign(values, imapColumns(imap, imap ? ctx.tokens.encrypt(imap.password) : null));
    resumes = row.needsReauthAt !== null;
    if (resumes) values.needsReauthAt = null;
  }
  await updateMailboxRow(ctx.db, row.id, values);
  if (body.isDefault) await makeDefaultMailbox(ctx.db, person.id, row.id);
  forgetMailbox(ctx, row.id);
  if (resumes) await requeueWaiting(ctx.db, person.id, ctx.sendQueue);
  return presentOne(ctx.db, person, row.id);
}

/**
 * The stored password, for a login change that leaves it out: only for the same server and user,
 * so a typed-in new host never receives the password saved for the old one.
 */
function keptPassword(login: { host: string; port: number; user: string }, stored: ServerLogin | null) {
  if (stored && stored.host === login.host && stored.port === login.port && stored.user === login.user)
    return stored.password;
  throw new AppError(
    'bad_request',
    stored
      ? 'Enter the password again: the server or user name changed'
      : 'Enter the IMAP password: this mailbox had no IMAP login before',
  );
}

/** POST /api/mailboxes/:id/resume: an owner resumes a mailbox Tailor paused; its emails go out. */
export async function resumeMailbox(ctx: Ctx, person: Person, mailboxId: number) {
  const row = await ownMailbox(ctx.db, person, mailboxId);
  if (row.pausedAt) {
    await updateMailboxRow(ctx.db, row.id, { pausedAt: null, pausedReason: null });
    forgetMailbox(ctx, row.id);
    await requeueWaiting(ctx.db, person.id, ctx.sendQueue);
  }
  return presentOne(ctx.db, person, row.id);
}

/**
 * DELETE /api/mailboxes/:id: only a mailbox set up in Settings or a Google or Microsoft account
 * connected there, not the default, and none whose recipients still wait for an email from it
 * (their thread would move to another mailbox). A connected account's tokens go with its mailbox;
 * an account the person signs in with stays, and so does its mailbox.
 */
export async function removeMailbox(ctx: Ctx, person: Person, mailboxId: number) {
  const row = await ownMailbox(ctx.db, person, mailboxId);
  const signedIn = new Set(
    (await mailboxAccountsOf(ctx.db, person.id)).filter((a) => a.account.signedInAt).map((a) => a.mailboxId),
  );
  if (isSignInMailbox(row, signedIn))
    throw new AppError('conflict', 'This is the mailbox you sign in with: it stays while your account does');
  if (row.isDefault)
    throw new AppError('conflict', 'This is your default mailbox: make another one the default first');
  const waiting = await waitingEmailsOf(ctx.db, row.id);
  if (waiting > 0)
    throw new AppError(
      'conflict',
      `${waiting} email${waiting === 1 ? '' : 's'} still wait${waiting === 1 ? 's' : ''} to leave from this mailbox: cancel or send them first`,
    );
  // Deleting the connected account deletes its mailbox with it (the foreign key cascades).
  if (row.oauthAccountId !== null) await deleteOauthAccount(ctx.db, row.oauthAccountId);
  else await deleteMailbox(ctx.db, row.id);
  forgetMailbox(ctx, row.id);
}
