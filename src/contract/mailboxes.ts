import { z } from 'zod';
import { sendWindow } from './campaigns';
import { MAILBOX_DAILY_LIMIT_MAX } from './email-rules';

/**
 * How a connection to a mailbox's own server is protected: implicit TLS (SMTP 465, IMAP 993),
 * STARTTLS required (SMTP 587, IMAP 143), or none (only sensible for a server on the same machine).
 */
export const SECURITY_MODES = ['tls', 'starttls', 'none'] as const;
export const securityMode = z.enum(SECURITY_MODES);

const host = z
  .string()
  .trim()
  .min(1, 'Enter the server name')
  .max(253)
  .regex(/^[A-Za-z0-9.\-:[\]]+$/, 'A server name has only letters, digits, dots and dashes');
const port = z.number().int().min(1).max(65535);

/** A server login as entered: the password is required when the mailbox is new. */
export const serverLogin = z
  .object({
    host,
    port,
    security: securityMode,
    user: z.string().trim().min(1, 'Enter the user name').max(320),
    password: z.string().min(1, 'Enter the password').max(1000),
  })
  .strict();

/** A server login as shown: never its password. */
export const serverLoginView = z.object({
  host: z.string(),
  port: z.number(),
  security: securityMode,
  user: z.string(),
});

/** What a mailbox can be: the sign-in account, the deployment's relay, or one set up in Settings. */
export const MAILBOX_KINDS = ['google', 'microsoft', 'server', 'smtp'] as const;

/** Whether the mailbox sends: active, waiting for new credentials, or paused by Tailor (with why). */
export const MAILBOX_STATES = ['active', 'needs_credentials', 'paused'] as const;

/** One of the signed-in person's mailboxes, with today's use against its limit. */
export const mailbox = z.object({
  id: z.number().int(),
  kind: z.enum(MAILBOX_KINDS),
  /** The From address its emails carry. */
  address: z.string(),
  /** The From name; null: the person's sender name. */
  displayName: z.string().nullable(),
  isDefault: z.boolean(),
  /** Its daily limit for emails with the unsubscribe link (its own, or the product's). */
  dailyLimit: z.number().int(),
  /** Whether `dailyLimit` is the mailbox's own setting. */
  ownDailyLimit: z.boolean(),
  /** Its own signature; null: the person's. */
  signature: z.string().nullable(),
  /** The days and hours it sends in, in its owner's time zone; null: any time. */
  sendingHours: sendWindow.nullable(),
  state: z.enum(MAILBOX_STATES),
  /** What to do about a state other than active, in words. */
  stateMessage: z.string().nullable(),
  smtp: serverLoginView.nullable(),
  imap: serverLoginView.nullable(),
  /**
   * The mailbox of an account the person signs in with (or the deployment's relay): it stays while
   * their account does. A Google or Microsoft account connected only to send from can be removed.
   */
  signIn: z.boolean(),
  /**
   * Reading its replies and bounces: the last sync that ended well, and the last one's error when
   * it failed since (null: none, or a later sync succeeded); null for a mailbox that is not read.
   */
  sync: z
    .object({
      lastSyncedAt: z.string().nullable(),
      lastError: z.string().nullable(),
      lastErrorAt: z.string().nullable(),
    })
    .nullable(),
  /** Emails it sent today (in its owner's day), with or without the unsubscribe link. */
  sentToday: z.number().int(),
  /** All-time sends, first replies by a person and hard bounces, in any workspace's campaigns. */
  sent: z.number().int(),
  replied: z.number().int(),
  bounced: z.number().int(),
});
export type Mailbox = z.infer<typeof mailbox>;

const displayName = z.string().trim().max(200).nullable();
const dailyLimit = z.number().int().min(1).max(MAILBOX_DAILY_LIMIT_MAX).nullable();
const signature = z.string().max(20_000).nullable();
const sendingHours = sendWindow.nullable();

/**
 * POST /api/mailboxes: a mailbox with its own SMTP server and, to read replies and bounces, its
 * IMAP server. Saved only after a real login to both succeeds.
 */
export const createMailboxBody = z
  .object({
    address: z.string().trim().email('Enter the address the emails are sent from').max(320),
    displayName: displayName.optional(),
    smtp: serverLogin,
    /** Replies and bounces are read only when given. */
    imap: serverLogin.nullable().optional(),
    dailyLimit: dailyLimit.optional(),
    signature: signature.optional(),
    sendingHours: sendingHours.optional(),
    isDefault: z.boolean().optional(),
  })
  .strict();
export type CreateMailboxBody = z.infer<typeof createMailboxBody>;

/** A login change: the password may be left out to keep the stored one. */
const loginChange = serverLogin.extend({ password: z.string().min(1).max(1000).optional() });

/** PUT /api/mailboxes/:id: what changes; a changed login is tested again before it is saved. */
export const updateMailboxBody = z
  .object({
    address: z.string().trim().email().max(320).optional(),
    displayName: displayName.optional(),
    smtp: loginChange.optional(),
    imap: loginChange.nullable().optional(),
    dailyLimit: dailyLimit.optional(),
    signature: signature.optional(),
    sendingHours: sendingHours.optional(),
    isDefault: z.literal(true).optional(),
  })
  .strict();
export type UpdateMailboxBody = z.infer<typeof updateMailboxBody>;

/** PUT /api/campaigns/:id/mailboxes: the mailboxes of its maker it sends from (empty: the default). */
export const campaignMailboxesBody = z
  .object({ mailboxIds: z.array(z.number().int().positive()).max(50) })
  .strict();

/** GET /api/campaigns/:id/mailboxes: those it sends from, and those its maker could choose. */
export const campaignMailboxesReply = z.object({
  /** Empty: the maker's default mailbox. */
  mailboxIds: z.array(z.number().int()),
  /** The maker's mailboxes (to the maker; others see the chosen ones only). */
  available: z.array(mailbox),
});
