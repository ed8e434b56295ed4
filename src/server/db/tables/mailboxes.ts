import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SendWindow } from '../../../contract/campaigns';
import { oauthAccounts, users } from './accounts';
import { createdAt, tz, updatedAt } from './columns';

/**
 * A mailbox mail leaves from. It belongs to a person, not a workspace: Gmail's and Outlook's
 * limits are per mailbox, whichever team's campaign uses it. Kinds:
 * - `google` / `microsoft`: a Google or Microsoft account of the person's (the one they sign in
 *   with, or another connected in Settings), through the Gmail or Graph API with that account's
 *   tokens (`oauth_account_id`);
 * - `server`: a local user's default, the deployment's SMTP_URL / IMAP_URL (or the in-app outbox);
 * - `smtp`: a mailbox set up in Settings with its own SMTP and IMAP login.
 * The daily allowance, the pacing turn and the "needs a new sign-in" state are the mailbox's.
 */
export const mailboxes = pgTable(
  'mailboxes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['google', 'microsoft', 'server', 'smtp'] }).notNull(),
    /**
     * The account whose tokens send and read for a `google` / `microsoft` mailbox: one mailbox per
     * account, and removing the account's tokens removes its mailbox.
     */
    oauthAccountId: integer('oauth_account_id').references(() => oauthAccounts.id, { onDelete: 'cascade' }),
    /** The From address; for `google`, `microsoft` and `server` the person's own address when null. */
    address: text('address'),
    /** The From name; the person's sender name when null. */
    displayName: text('display_name'),
    /** What campaigns that name no mailbox send from: one per person. */
    isDefault: boolean('is_default').notNull().default(false),
    /** Emails with the unsubscribe link per day; null for the product's default. */
    dailyLimit: integer('daily_limit'),
    /**
     * The days and hours it may send in, in its owner's time zone (ISO weekdays, minutes after
     * midnight, the end excluded); null: any time.
     */
    sendingHours: jsonb('sending_hours').$type<SendWindow>(),
    /** The signature its emails carry; the person's own when null. */
    signature: text('signature'),
    /** Sending paused because the mailbox refused its credentials (a new sign-in, a new password). */
    needsReauthAt: tz('needs_reauth_at'),
    /** Paused for another reason (too many bounces in a day); an owner resumes it. */
    pausedAt: tz('paused_at'),
    pausedReason: text('paused_reason'),
    /** The earliest time this mailbox may send again (pacing across workers). */
    nextSendAt: tz('next_send_at'),
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port'),
    /** `tls`: implicit TLS (465); `starttls`: required STARTTLS (587); `none`: plain (loopback relays). */
    smtpSecurity: text('smtp_security', { enum: ['tls', 'starttls', 'none'] }),
    smtpUser: text('smtp_user'),
    smtpPasswordEnc: text('smtp_password_enc'),
    imapHost: text('imap_host'),
    imapPort: integer('imap_port'),
    imapSecurity: text('imap_security', { enum: ['tls', 'starttls', 'none'] }),
    imapUser: text('imap_user'),
    imapPasswordEnc: text('imap_password_enc'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('mailboxes_user_idx').on(t.userId),
    uniqueIndex('mailboxes_default_uq').on(t.userId).where(sql`${t.isDefault}`),
    uniqueIndex('mailboxes_oauth_account_uq')
      .on(t.oauthAccountId)
      .where(sql`${t.oauthAccountId} is not null`),
  ],
);
