import { param, sql } from 'drizzle-orm';
import type { AnswerCategory } from '../../contract/answers';
import type { BounceKind, InboundKind } from '../../contract/conversations';
import { columnArrays, type Db, selectRows } from '../db/client';
import { emails, inboundMessages, memberships, recipients, users, type WorkspaceId } from '../db/schema';

type RefRow = {
  id: string | number;
  workspace_id: WorkspaceId;
  campaign_id: number;
  recipient_email: string;
};
const refOf = (row: RefRow): SentEmailRef => ({
  id: Number(row.id),
  workspaceId: row.workspace_id,
  campaignId: row.campaign_id,
  recipientEmail: row.recipient_email,
});

/** A sent email an inbound message answers: its workspace's suppression list takes any opt-out. */
export type SentEmailRef = {
  id: number;
  workspaceId: WorkspaceId;
  campaignId: number;
  recipientEmail: string;
};

/**
 * The user's sent email one of these Message-IDs names (bare, without angle brackets), the newest
 * when several do. Only the user's own: a message quoting someone else's id matches nothing.
 */
export async function sentEmailByMessageIds(
  db: Db,
  userId: number,
  ids: string[],
): Promise<SentEmailRef | null> {
  if (ids.length === 0) return null;
  const [row] = await selectRows<RefRow>(
    db,
    sql`
    select e.id, e.workspace_id, e.campaign_id, r.email as recipient_email
    from ${emails} e join ${recipients} r on r.id = e.recipient_id
    where e.user_id = ${userId}::integer
      and e.message_id = any(${param(ids.map((id) => `<${id}>`))}::text[])
    order by e.sent_at desc nulls last, e.id desc
    limit 1`,
  );
  return row ? refOf(row) : null;
}

/** A sent email one of a batch of messages refers to, with its sender. */
export type SentEmailMatch = SentEmailRef & {
  messageId: string;
  userId: number;
  userEmail: string | null;
  sentAt: Date | null;
};

/**
 * Every sent email, of any user, with one of these Message-IDs (bare, without angle brackets): for
 * the deployment's shared IMAP mailbox, where a message belongs to whoever sent what it answers.
 */
export async function sentEmailsByMessageIds(db: Db, ids: string[]): Promise<SentEmailMatch[]> {
  if (ids.length === 0) return [];
  const rows = await selectRows<{
    id: string | number;
    workspace_id: WorkspaceId;
    campaign_id: number;
    recipient_email: string;
    message_id: string;
    user_id: number;
    user_email: string | null;
    sent_at: string | Date | null;
  }>(
    db,
    sql`
    select e.id, e.workspace_id, e.campaign_id, r.email as recipient_email, e.message_id, e.user_id, u.email as user_email, e.sent_at
    from ${emails} e join ${recipients} r on r.id = e.recipient_id join ${users} u on u.id = e.user_id
    where e.message_id = any(${param(ids.map((id) => `<${id}>`))}::text[])`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    workspaceId: r.workspace_id,
    campaignId: r.campaign_id,
    recipientEmail: r.recipient_email,
    messageId: r.message_id.replace(/^<|>$/g, ''),
    userId: r.user_id,
    userEmail: r.user_email,
    sentAt: r.sent_at === null ? null : new Date(r.sent_at),
  }));
}

/** The user's first sent email in this provider thread (Gmail's threadId), if any. */
export async function sentEmailInThread(
  db: Db,
  userId: number,
  threadId: string,
): Promise<SentEmailRef | null> {
  const [row] = await selectRows<RefRow>(
    db,
    sql`
    select e.id, e.workspace_id, e.campaign_id, r.email as recipient_email
    from ${emails} e join ${recipients} r on r.id = e.recipient_id
    where e.user_id = ${userId}::integer and e.provider_thread_id = ${threadId}::text
    order by e.sent_at nulls last, e.id
    limit 1`,
  );
  return row ? refOf(row) : null;
}

/** Which of these provider threads hold one of the user's sent emails. */
export async function threadsWithSentEmails(
  db: Db,
  userId: number,
  threadIds: string[],
): Promise<Set<string>> {
  if (threadIds.length === 0) return new Set();
  const rows = await selectRows<{ provider_thread_id: string }>(
    db,
    sql`
    select distinct provider_thread_id from ${emails}
    where user_id = ${userId}::integer and provider_thread_id = any(${param(threadIds)}::text[])`,
  );
  return new Set(rows.map((r) => r.provider_thread_id));
}

export type NewInboundMessage = {
  userId: number;
  /** The email's workspace; null for a request that quotes no email (the owner's first sending workspace then). */
  workspaceId: WorkspaceId | null;
  mailboxId: number | null;
  providerRef: string | null;
  emailId: number | null;
  sourceKey: string;
  kind: InboundKind;
  bounceKind?: BounceKind | null;
  bounceStatus?: string | null;
  bounceDiagnostic?: string | null;
  fromAddress: string | null;
  fromName: string | null;
  subject: string;
  snippet: string;
  link: string | null;
  colleagueName?: string | null;
  colleagueAddress?: string | null;
  category: AnswerCategory | null;
  /** Not now: the day to write again, YYYY-MM-DD. */
  notNowUntil: string | null;
  receivedAt: Date;
};

/**
 * Records each message once per mailbox message, in one statement: returns the `userId:sourceKey`
 * of the rows stored now (a source key recorded before, or twice in the list, is stored once: the
 * first in the list). One array per column rather than a VALUES list: a sync records hundreds of
 * messages at once, and building a statement of a parameter per value cost more CPU than the
 * database's work on the embedded database.
 */
export async function insertInboundMessages(db: Db, rows: NewInboundMessage[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const column = columnArrays(rows);
  const inserted = await selectRows<{ user_id: number; source_key: string }>(
    db,
    sql`
    insert into ${inboundMessages} (user_id, workspace_id, mailbox_id, provider_ref, email_id, source_key, kind, bounce_kind, bounce_status,
                                    bounce_diagnostic, from_address, from_name, subject, snippet, link,
                                    colleague_name, colleague_address, category, category_source,
                                    not_now_until, received_at)
    select user_id,
           coalesce(workspace_id, (select min(s.workspace_id) from ${memberships} s
                                    where s.user_id = t.user_id and s.role in ('sender', 'owner'))),
           mailbox_id, provider_ref, email_id, source_key, kind, bounce_kind, bounce_status, bounce_diagnostic,
           from_address, from_name, subject, snippet, link, colleague_name, colleague_address, category,
           case when category is null then null else 'rules' end, not_now_until, received_at
    from unnest(${column('userId')}::integer[], ${column('workspaceId')}::integer[],
                ${column('mailboxId')}::integer[], ${column('providerRef')}::text[], ${column('emailId')}::bigint[], ${column('sourceKey')}::text[],
                ${column('kind')}::text[], ${column('bounceKind')}::text[], ${column('bounceStatus')}::text[],
                ${column('bounceDiagnostic')}::text[], ${column('fromAddress')}::text[],
                ${column('fromName')}::text[], ${column('subject')}::text[], ${column('snippet')}::text[],
                ${column('link')}::text[], ${column('colleagueName')}::text[],
                ${column('colleagueAddress')}::text[], ${column('category')}::text[],
                ${column('notNowUntil')}::date[],
                ${param(rows.map((r) => r.receivedAt.toISOString()))}::timestamptz[])
      with ordinality
      as t(user_id, workspace_id, mailbox_id, provider_ref, email_id, source_key, kind, bounce_kind, bounce_status, bounce_diagnostic,
           from_address, from_name, subject, snippet, link, colleague_name, colleague_address,
           category, not_now_until, received_at, position)
    order by position
    on conflict (user_id, source_key) do nothing
    returning user_id, source_key`,
  );
  return new Set(inserted.map((row) => inboundKey(row.user_id, row.source_key)));
}

export const inboundKey = (userId: number, sourceKey: string) => `${userId}:${sourceKey}`;

/**
 * Marks these emails replied, in one statement (so the rollup trigger runs once for them all). The
 * first reply wins, whatever order the replies are read in.
 */
export async function markReplied(db: Db, replies: { emailId: number; at: Date }[]) {
  if (replies.length === 0) return;
  await db.execute(sql`
    update ${emails} e set replied_at = least(coalesce(e.replied_at, r.at), r.at)
    from (
      select id, min(at) as at
      from unnest(${param(replies.map((r) => r.emailId))}::bigint[],
                  ${param(replies.map((r) => r.at.toISOString()))}::timestamptz[]) as r(id, at)
      group by id
    ) r
    where e.id = r.id`);
}

/** The latest bounce's time; once hard, always hard (a later delay report does not soften it). */
export async function markBounced(db: Db, emailId: number, kind: BounceKind, at: Date) {
  await db.execute(sql`
    update ${emails}
    set bounced_at = greatest(coalesce(bounced_at, ${at}::timestamptz), ${at}::timestamptz),
        bounce_kind = case when bounce_kind = 'hard' or ${kind}::text = 'hard' then 'hard' else 'soft' end
    where id = ${emailId}::bigint`);
}
