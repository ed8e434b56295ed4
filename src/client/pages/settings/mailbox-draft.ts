import { DEFAULT_SEND_WINDOW, type SendWindow } from '../../../contract/campaigns';
import { MAILBOX_DAILY_LIMIT_MAX } from '../../../contract/email-rules';
import type {
  CreateMailboxBody,
  Mailbox,
  SECURITY_MODES,
  UpdateMailboxBody,
} from '../../../contract/mailboxes';
import {
  type SendWindowDraft,
  sendWindowOf,
  windowDraftOf,
  windowProblems,
} from '../../components/send-window';

export type SecurityMode = (typeof SECURITY_MODES)[number];

/** One server login as the form holds it: the port as typed, the password empty until typed. */
export interface LoginDraft {
  host: string;
  port: string;
  security: SecurityMode;
  /** Empty: the From address (the usual user name of a mailbox). */
  user: string;
  password: string;
}

/** What the Add / Edit mailbox form holds. */
export interface MailboxDraft {
  address: string;
  displayName: string;
  smtp: LoginDraft;
  /** Off: Tailor does not read replies and bounces from this mailbox (no IMAP login). */
  readReplies: boolean;
  /** IMAP logs in with SMTP's user name and password (the usual case), so its own fields hide. */
  imapSameLogin: boolean;
  imap: LoginDraft;
  /** Empty: the product's limit. */
  dailyLimit: string;
  /** Off: the mailbox sends at any time. */
  hoursOn: boolean;
  hours: SendWindowDraft;
}

/** The usual port of each protection, so changing the protection can move a port left at its default. */
export const DEFAULT_PORTS: Record<'smtp' | 'imap', Record<SecurityMode, string>> = {
  smtp: { starttls: '587', tls: '465', none: '25' },
  imap: { tls: '993', starttls: '143', none: '143' },
};

export function newMailboxDraft(): MailboxDraft {
  return {
    address: '',
    displayName: '',
    smtp: { host: '', port: '587', security: 'starttls', user: '', password: '' },
    readReplies: true,
    imapSameLogin: true,
    imap: { host: '', port: '993', security: 'tls', user: '', password: '' },
    dailyLimit: '',
    hoursOn: false,
    hours: windowDraftOf(DEFAULT_SEND_WINDOW),
  };
}

/** The form for editing `mailbox`: its logins without passwords (left empty, they stay as saved). */
export function draftOfMailbox(mailbox: Mailbox): MailboxDraft {
  const fresh = newMailboxDraft();
  const loginDraft = (login: Mailbox['smtp'], fallback: LoginDraft): LoginDraft =>
    login
      ? {
          host: login.host,
          port: String(login.port),
          security: login.security,
          // Shown empty when it is the address, as the form offers it.
          user: login.user === mailbox.address ? '' : login.user,
          password: '',
        }
      : fallback;
  const smtp = loginDraft(mailbox.smtp, fresh.smtp);
  const imap = loginDraft(mailbox.imap, fresh.imap);
  return {
    address: mailbox.address,
    displayName: mailbox.displayName ?? '',
    smtp,
    readReplies: mailbox.kind !== 'smtp' || mailbox.imap !== null,
    imapSameLogin: mailbox.imap === null || mailbox.imap.user === mailbox.smtp?.user,
    imap,
    dailyLimit: mailbox.ownDailyLimit ? String(mailbox.dailyLimit) : '',
    hoursOn: mailbox.sendingHours !== null,
    hours: windowDraftOf(mailbox.sendingHours ?? DEFAULT_SEND_WINDOW),
  };
}

/**
 * A protection change moves a port still at the old protection's usual port to the new one's; a
 * port the person typed stays.
 */
export function withSecurity(login: LoginDraft, kind: 'smtp' | 'imap', security: SecurityMode): LoginDraft {
  const ports = DEFAULT_PORTS[kind];
  const atDefault = login.port === ports[login.security] || login.port.trim() === '';
  return { ...login, security, port: atDefault ? ports[security] : login.port };
}

/** The SMTP and IMAP logins the draft stands for; a password is left out when none was typed. */
function loginsOf(draft: MailboxDraft) {
  const address = draft.address.trim();
  const login = (d: LoginDraft) => ({
    host: d.host.trim(),
    port: Number(d.port),
    security: d.security,
    user: d.user.trim() || address,
    ...(d.password ? { password: d.password } : {}),
  });
  const smtp = login(draft.smtp);
  const imapSource = draft.imapSameLogin
    ? { ...draft.imap, user: draft.smtp.user, password: draft.smtp.password }
    : draft.imap;
  return { smtp, imap: draft.readReplies ? login(imapSource) : null };
}

const limitOf = (draft: MailboxDraft) => (draft.dailyLimit.trim() ? Number(draft.dailyLimit) : null);

/** The sending hours to save: null when off (any time). */
const hoursOf = (draft: MailboxDraft): SendWindow | null =>
  draft.hoursOn ? sendWindowOf(draft.hours) : null;

/** POST /api/mailboxes: every field; the server checks both logins before saving. */
export function createBodyOf(draft: MailboxDraft): CreateMailboxBody {
  const { smtp, imap } = loginsOf(draft);
  const body: CreateMailboxBody = {
    address: draft.address.trim(),
    displayName: draft.displayName.trim() || null,
    smtp: { ...smtp, password: smtp.password ?? '' },
    imap: imap && { ...imap, password: imap.password ?? '' },
  };
  const limit = limitOf(draft);
  if (limit !== null) body.dailyLimit = limit;
  const hours = hoursOf(draft);
  if (hours) body.sendingHours = hours;
  return body;
}

/**
 * PUT /api/mailboxes/:id: only what changed, so an unchanged login is not tried again (the server
 * tests a changed one before saving it). A login is sent when any of its fields changed or a new
 * password was typed; without a password the saved one stays.
 */
export function updateBodyOf(draft: MailboxDraft, mailbox: Mailbox): UpdateMailboxBody {
  const before = draftOfMailbox(mailbox);
  const body: UpdateMailboxBody = {};
  const displayName = draft.displayName.trim() || null;
  if (displayName !== mailbox.displayName) body.displayName = displayName;
  const limit = limitOf(draft);
  if (limit !== (mailbox.ownDailyLimit ? mailbox.dailyLimit : null)) body.dailyLimit = limit;
  const hours = hoursOf(draft);
  if (JSON.stringify(hours) !== JSON.stringify(mailbox.sendingHours)) body.sendingHours = hours;
  // The sign-in accounts and the relay have no login of their own to change.
  if (mailbox.kind !== 'smtp') return body;

  if (draft.address.trim() !== mailbox.address) body.address = draft.address.trim();
  const now = loginsOf(draft);
  const was = loginsOf(before);
  const changed = (a: object | null, b: object | null) => JSON.stringify(a) !== JSON.stringify(b);
  if (changed(now.smtp, was.smtp)) body.smtp = now.smtp;
  if (changed(now.imap, was.imap)) body.imap = now.imap;
  return body;
}

/** Whether saving `body` makes the server log in (the slow part, and the one that can be refused). */
export const testsLogin = (body: UpdateMailboxBody | CreateMailboxBody) =>
  body.smtp !== undefined || (body.imap !== undefined && body.imap !== null);

export type DraftField =
  | 'address'
  | 'smtpHost'
  | 'smtpPort'
  | 'smtpPassword'
  | 'imapHost'
  | 'imapPort'
  | 'imapPassword'
  | 'dailyLimit'
  | 'hours';

const validPort = (port: string) =>
  /^\d{1,5}$/.test(port.trim()) && Number(port) >= 1 && Number(port) <= 65535;

/**
 * What to fix before the form can be sent, by field. `needsPasswords`: a new mailbox, or IMAP
 * turned on for one that had none (there is no saved password to keep then).
 */
export function draftProblems(
  draft: MailboxDraft,
  {
    kind,
    needsSmtpPassword,
    needsImapPassword,
  }: { kind: Mailbox['kind']; needsSmtpPassword: boolean; needsImapPassword: boolean },
): Partial<Record<DraftField, string>> {
  const problems: Partial<Record<DraftField, string>> = {};
  const limit = draft.dailyLimit.trim();
  if (limit && !(/^\d+$/.test(limit) && Number(limit) >= 1 && Number(limit) <= MAILBOX_DAILY_LIMIT_MAX)) {
    problems.dailyLimit = `A whole number from 1 to ${MAILBOX_DAILY_LIMIT_MAX}`;
  }
  if (draft.hoursOn && Object.keys(windowProblems(draft.hours)).length > 0)
    problems.hours = 'Fix the sending hours';
  if (kind !== 'smtp') return problems;
  if (!/^[^\s@]+@[^\s@]+$/.test(draft.address.trim()))
    problems.address = 'Enter the address the emails are sent from';
  if (!draft.smtp.host.trim()) problems.smtpHost = 'Enter the server name';
  if (!validPort(draft.smtp.port)) problems.smtpPort = 'A port from 1 to 65535';
  if (needsSmtpPassword && !draft.smtp.password) problems.smtpPassword = 'Enter the password';
  if (draft.readReplies) {
    if (!draft.imap.host.trim()) problems.imapHost = 'Enter the server name';
    if (!validPort(draft.imap.port)) problems.imapPort = 'A port from 1 to 65535';
    const imapPassword = draft.imapSameLogin ? draft.smtp.password : draft.imap.password;
    if (needsImapPassword && !imapPassword) {
      if (draft.imapSameLogin) problems.smtpPassword = 'Enter the password';
      else problems.imapPassword = 'Enter the password';
    }
  }
  return problems;
}
