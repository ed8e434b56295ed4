import { and, eq, lt, param, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, selectRows } from '../db/client';
import { campaigns, emails, inboundMessages, recipients, unsubscribes, type WorkspaceId } from '../db/schema';
import { sendingMailboxIds } from './campaign-mailboxes';

type EmailRow = typeof emails.$inferSelect;

/**
 * `emails.id` is one of `ids`, as one array parameter: `inArray` sends a parameter per id, which
 * for a few hundred ids costs PostgreSQL more to parse and plan than the update itself.
 */
export const emailIdIn = (ids: number[]) => sql`${emails.id} = any(${param(ids)}::bigint[])`;

/** What composing needs from an email's campaign besides the email (List-Id, the open pixel). */
type ClaimedCampaign = { campaignName: string; trackOpens: boolean };

/** Leaves `sending` for a final or waiting state; only the worker holding the email may do this. */
export async function settleSending(db: Db, emailId: number, values: Partial<EmailRow>) {
  const [row] = await db
    .update(emails)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(emails.id, emailId), eq(emails.status, 'sending')))
    .returning();
  return row ?? null;
}

/** Which of these emails are still queued, and whose they are. */
export async function queuedOwners(db: Db, emailIds: number[]) {
  if (emailIds.length === 0) return [];
  return db
    .select({ id: emails.id, userId: emails.userId, workspaceId: emails.workspaceId })
    .from(emails)
    .where(and(emailIdIn(emailIds), eq(emails.status, 'queued')));
}

/** A claimed email with what composing it needs. */
export type ClaimedForSending = ClaimedCampaign & {
  id: number;
  campaignId: number;
  subject: string;
  body: string;
  trackingToken: string;
  messageId: string;
  attempts: number;
  withLink: boolean;
  unsubscribeMessage: string | null;
  recipientEmail: string;
  /** 1 for a campaign's first email, 2 and up for its follow-ups, 0 for an answer to a reply. */
  step: number;
  /**
   * A follow-up's thread: the Message-IDs of the recipient's emails sent before it (oldest first),
   * the first email's subject as sent, and the provider's thread it started (Gmail's threadId). An
   * answer's: every email sent to the recipient, then the reply it answers; and where that reply
   * lies in its mailbox (`answers`: `graph:<id>` lets Outlook answer that very message).
   */
  thread: {
    messageIds: string[];
    subject: string;
    providerThreadId: string | null;
    answers?: string | null;
  } | null;
};

/**
 * What composing an email needs from its row `e`, its recipient `r` and its campaign `c`: one list
 * for the send and for the "as sent" preview, so the preview reads what the send reads. An answer
 * (step 0) is a person's letter: no unsubscribe link, no open pixel.
 */
const composeColumns = (e: SQL) =>
  sql`${e}.id::int as "id", ${e}.campaign_id as "campaignId", ${e}.subject, ${e}.body,
      ${e}.tracking_token as "trackingToken", ${e}.message_id as "messageId",
      ${e}.step > 0 and coalesce(${e}.include_unsubscribe_link, c.include_unsubscribe_link) as "withLink",
      c.unsubscribe_message as "unsubscribeMessage", r.email as "recipientEmail",
      c.name as "campaignName", ${e}.step > 0 and c.track_opens as "trackOpens", ${e}.step`;

/** What the claim did with an email: claimed it for sending, or settled it without sending. */
export type ClaimOutcome = 'sending' | 'unsubscribed' | 'stopped';

/**
 * Claims many queued emails in one statement, which also makes every check that can keep an email
 * from going out, at the same moment: each still-queued email moves to sending and gets its
 * Message-ID (random, on `domain`) before any provider is called, unless its recipient is on the
 * user's suppression list (any letter case: it becomes unsubscribed with `unsubscribedMessage`) or
 * something stops a follow-up (follow_up_stops: a reply, a hard bounce, an unsubscribe, the
 * step before not sent: it becomes stopped with the reason). Rows another worker claimed first are
 * not returned. One statement rather than four because the embedded database runs one statement
 * at a time, so each one a chunk makes holds back every other chunk. First emails and answers are
 * checked in a branch of their own: with the stop rules joined to every email and a condition on
 * the step, PostgreSQL still evaluated them for each first email and threw the answer away.
 */
export async function claimManyForSending(
  db: Db,
  emailIds: number[],
  domain: string,
  unsubscribedMessage: string,
): Promise<(ClaimedForSending & { outcome: ClaimOutcome })[]> {
  if (emailIds.length === 0) return [];
  const rows = await selectRows<
    Omit<ClaimedForSending, 'thread'> & ThreadColumns & { outcome: ClaimOutcome }
  >(
    db,
    sql`
    with queued as materialized (
      select e.id, e.step, e.recipient_id,
             exists (select 1 from ${unsubscribes} u
                     where u.workspace_id = e.workspace_id and lower(u.email) = lower(r.email)) as suppressed
      from ${emails} e
      join ${recipients} r on r.id = e.recipient_id
      where e.id = any(${param(emailIds)}::bigint[]) and e.status = 'queued'
    ), decided as materialized (
      select id, stop_reason,
             case when stop_reason is not null then 'stopped'
                  when suppressed then 'unsubscribed' else 'sending' end as outcome
      from (
        select q.id, null::text as stop_reason, q.suppressed from queued q where q.step <= 1
        union all
        -- follow_up_stops gives one row for every follow-up: its reason, or null.
        select q.id, stop.reason, q.suppressed
        from queued q cross join lateral follow_up_stops(q.recipient_id, q.step) stop
        where q.step > 1
      ) checked
    ), claimed as (
      update ${emails} e
      set status = d.outcome, updated_at = now(),
          attempts = e.attempts + (d.outcome = 'sending')::int,
          message_id = case when d.outcome = 'sending' then coalesce(e.message_id,
            '<' || replace(gen_random_uuid()::text, '-', '') || '@' || ${domain}::text || '>') else e.message_id end,
          error_message = case d.outcome when 'stopped' then d.stop_reason
            when 'unsubscribed' then ${unsubscribedMessage}::text else e.error_message end,
          scheduled_for = case when d.outcome = 'stopped' then null else e.scheduled_for end
      from decided d
      where e.id = d.id and e.status = 'queued'
      returning e.id, e.campaign_id, e.recipient_id, e.step, e.subject, e.body, e.tracking_token, e.message_id,
                e.attempts, e.include_unsubscribe_link, e.answers_inbound_id, d.outcome
    )
    select ${composeColumns(sql.raw('claimed'))}, claimed.attempts, claimed.outcome,
           coalesce(thread.message_ids, answered.message_ids) as "threadMessageIds",
           coalesce(thread.subject, answered.subject) as "threadSubject",
           coalesce(thread.provider_thread_id, answered.provider_thread_id) as "providerThreadId",
           answered.provider_ref as "answers"
    from claimed
    join ${recipients} r on r.id = claimed.recipient_id
    join ${campaigns} c on c.id = claimed.campaign_id
    left join lateral (
      select array_agg(p.message_id order by p.step) as message_ids,
             (array_agg(p.subject order by p.step))[1] as subject,
             (array_agg(p.provider_thread_id order by p.step))[1] as provider_thread_id
      from ${emails} p
      where claimed.outcome = 'sending' and claimed.step > 1 and p.recipient_id = claimed.recipient_id
        and p.step < claimed.step and p.status = 'sent'
    ) thread on true
    left join lateral (${answeredThread(sql`claimed`)}) answered on claimed.outcome = 'sending'
    order by claimed.id`,
  );
  return rows.map(({ threadMessageIds, threadSubject, providerThreadId, answers, ...row }) => ({
    ...row,
    thread:
      row.step !== 1 && threadMessageIds?.length
        ? { messageIds: threadMessageIds, subject: threadSubject ?? '', providerThreadId, answers }
        : null,
  }));
}

/**
 * An answer's thread (`a` is its emails row): the Message-IDs of every email sent to its
 * recipient in sending order, then the reply's own (when it had one; the sync keeps it without its
 * angle brackets); the first email's subject;
 * the provider's thread of the email the reply answers (Gmail's threadId); where the reply lies in
 * its mailbox. No row for a campaign step.
 */
export const answeredThread = (a: SQL) => sql`
      select coalesce((select array_agg(p.message_id order by p.sent_at, p.id) from ${emails} p
                        where p.recipient_id = ${a}.recipient_id and p.status = 'sent' and p.message_id is not null), '{}')
               || case when m.source_key like 'message-id:%'
                       then array['<' || trim(both '<>' from substr(m.source_key, 12)) || '>'] else '{}' end
               as message_ids,
             coalesce((select p.subject from ${emails} p where p.recipient_id = ${a}.recipient_id and p.step = 1),
                      m.subject) as subject,
             q.provider_thread_id, m.provider_ref
      from ${inboundMessages} m left join ${emails} q on q.id = m.email_id
      where ${a}.step = 0 and m.id = ${a}.answers_inbound_id`;

/**
 * One email of this workspace with what composing it needs, as claimManyForSending would give it,
 * without claiming it (the "as sent" preview): its Message-ID if it has one yet, and for a
 * follow-up the thread as it stands (the first email's subject, the Message-IDs already sent).
 */
export async function emailToPreview(db: Db, workspaceId: WorkspaceId, emailId: number) {
  const [row] = await selectRows<
    Omit<ClaimedForSending, 'thread' | 'attempts' | 'messageId'> & {
      messageId: string | null;
      /**
       * The mailbox it goes from (From line and signature): its recipient's, else the first the
       * campaign names, else its maker's default.
       */
      mailboxId: number | null;
    } & ThreadColumns
  >(
    db,
    sql`
    select ${composeColumns(sql.raw('e'))},
           coalesce(r.mailbox_id,
             (select min(s.id) from (${sendingMailboxIds(sql`e.campaign_id`, sql`e.user_id`)}) s(id))) as "mailboxId",
           thread.message_ids as "threadMessageIds", thread.subject as "threadSubject",
           null as "providerThreadId"
    from ${emails} e
    join ${recipients} r on r.id = e.recipient_id
    join ${campaigns} c on c.id = e.campaign_id
    left join lateral (
      select coalesce(array_agg(p.message_id order by p.step) filter (where p.status = 'sent'), '{}') as message_ids,
             (array_agg(p.subject order by p.step))[1] as subject
      from ${emails} p
      where e.step > 1 and p.recipient_id = e.recipient_id and p.step < e.step
    ) thread on true
    where e.id = ${emailId} and e.workspace_id = ${workspaceId}`,
  );
  if (!row) return null;
  const { threadMessageIds, threadSubject, providerThreadId: _, ...email } = row;
  return {
    ...email,
    thread: email.step > 1 ? { messageIds: threadMessageIds ?? [], subject: threadSubject ?? '' } : null,
  };
}

type ThreadColumns = {
  threadMessageIds: string[] | null;
  threadSubject: string | null;
  providerThreadId: string | null;
  answers?: string | null;
};

/** A sent email's provider answer and the exact message sent. */
export type SentEmail = {
  id: number;
  providerMessageId: string | null;
  providerThreadId?: string | null;
  raw: string;
};

/**
 * settleSending(…, sent) for many emails in one statement; returns the ids it settled. The
 * statement's trigger (emails_sequence_after_update) schedules each one's waiting follow-up. The
 * messages go as a parameter each, not as one array: an array's text is escaped character by
 * character on the way in and parsed on the way back, and for a chunk of 100 messages of a few
 * kilobytes that was a third of the statement's time on the embedded database.
 */
export async function settleManySent(db: Db, sent: SentEmail[], transport: string): Promise<Set<number>> {
  if (sent.length === 0) return new Set();
  const rows = await selectRows<{ id: number }>(
    db,
    sql`
    update ${emails} e
    set status = 'sent', sent_at = now(), error_message = null, transport = ${transport}::text,
        provider_message_id = t.provider_message_id, provider_thread_id = t.provider_thread_id,
        raw_message = t.raw, updated_at = now()
    from unnest(${param(sent.map((s) => s.id))}::bigint[], ${param(sent.map((s) => s.providerMessageId))}::text[],
                ${param(sent.map((s) => s.providerThreadId ?? null))}::text[],
                array[${sql.join(
                  sent.map((s) => sql`${s.raw}::text`),
                  sql`, `,
                )}])
      as t(id, provider_message_id, provider_thread_id, raw)
    where e.id = t.id and e.status = 'sending'
    returning e.id::int as id`,
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Claimed emails that today's daily limit (or the mailbox's sending hours) has no room for wait for
 * `morning` (the mailbox's next opening), their claim not counted as an attempt since nothing was
 * tried; a follow-up waits for the first moment of its sending window from then on, in its
 * recipient's zone.
 */
export async function postponeSending(db: Db, emailIds: number[], morning: Date) {
  if (emailIds.length === 0) return;
  await db.execute(sql`
    update ${emails} e
    set status = 'scheduled', updated_at = now(), attempts = greatest(e.attempts - 1, 0),
        scheduled_for = case when e.step <= 1 then ${morning.toISOString()}::timestamptz
          else follow_up_due(${morning.toISOString()}::timestamptz, 0, false, coalesce(r.time_zone, u.time_zone),
                             c.send_days, c.send_start_minute, c.send_end_minute) end
    from ${recipients} r, ${campaigns} c, users u
    where e.id = any(${param(emailIds)}::bigint[]) and e.status = 'sending'
      and r.id = e.recipient_id and c.id = e.campaign_id and u.id = e.user_id`);
}

/** settleSending for many emails given the same values (SQL may read the row); returns the ids settled. */
export async function settleManySending(
  db: Db,
  emailIds: number[],
  values: PgUpdateSetSource<typeof emails>,
): Promise<number[]> {
  if (emailIds.length === 0) return [];
  const rows = await db
    .update(emails)
    .set({ ...values, updatedAt: new Date() })
    .where(and(emailIdIn(emailIds), eq(emails.status, 'sending')))
    .returning({ id: emails.id });
  return rows.map((r) => r.id);
}

/** Everything composing one email needs, in one read. */
export async function emailForSending(db: Db, emailId: number) {
  const [row] = await db
    .select({ email: emails, recipient: recipients, campaign: campaigns })
    .from(emails)
    .innerJoin(recipients, eq(recipients.id, emails.recipientId))
    .innerJoin(campaigns, eq(campaigns.id, emails.campaignId))
    .where(eq(emails.id, emailId));
  return row ?? null;
}

/** Emails claimed for sending longer ago than the lease: their worker died mid-send. */
export async function staleSending(db: Db, claimedBefore: Date) {
  return db
    .select({
      id: emails.id,
      // An answer's mailbox is the one its reply arrived in; an email's, its recipient's; one claimed
      // before mailboxes existed left from its maker's default.
      mailboxId: sql<number | null>`coalesce(
        (select m.mailbox_id from ${inboundMessages} m where m.id = ${emails.answersInboundId}), ${recipients.mailboxId},
        (select d.id from mailboxes d where d.user_id = ${emails.userId} and d.is_default))`,
      campaignId: emails.campaignId,
      messageId: emails.messageId,
    })
    .from(emails)
    .innerJoin(recipients, eq(recipients.id, emails.recipientId))
    .where(and(eq(emails.status, 'sending'), lt(emails.updatedAt, claimedBefore)));
}

/**
 * Of these emails of a workspace, those in one of `from` states whose recipient is on its
 * suppression list (any letter case) move to unsubscribed with `errorMessage`; returns their ids.
 */
export async function settleSuppressedEmails(
  db: Db,
  workspaceId: WorkspaceId,
  ids: number[],
  from: readonly EmailRow['status'][],
  errorMessage: string,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await selectRows<{ id: number }>(
    db,
    sql`
    update ${emails} e
    set status = 'unsubscribed', scheduled_for = null, error_message = ${errorMessage}::text, updated_at = now()
    from ${recipients} r
    where e.id = any(${param(ids)}::bigint[]) and e.workspace_id = ${workspaceId}::integer
      and e.status = any(${param(from)}::text[]) and r.id = e.recipient_id
      and exists (select 1 from ${unsubscribes} u where u.workspace_id = ${workspaceId}::integer and lower(u.email) = lower(r.email))
    returning e.id::int as id`,
  );
  return rows.map((r) => r.id);
}
