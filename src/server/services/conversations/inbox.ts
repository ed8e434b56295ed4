import type { AnswerCategory } from '../../../contract/answers';
import type { InboxItem, InboxPage, InboxQuery } from '../../../contract/inbox';
import type { Db } from '../../db/client';
import type { WorkspaceId } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import {
  countUnread,
  deleteExpiredBodies,
  findInboxItem,
  type InboxRow,
  listInbox,
  setAssignee,
  setCategory,
  setRead,
} from '../../queries/inbox';
import { presentInbound } from './email-events';

/**
 * The inbox (docs/product.md §16): the workspace's answers, read state, categories by a person,
 * and who is to answer. Every call is scoped to the workspace; another one's answer is a 404.
 */
export async function inboxPageOf(
  db: Db,
  workspaceId: WorkspaceId,
  me: number,
  q: InboxQuery,
): Promise<InboxPage> {
  const { rows, total, unread } = await listInbox(db, workspaceId, me, q);
  return { items: rows.map(presentItem), total, unread, limit: q.limit, offset: q.offset };
}

export async function unreadOf(db: Db, workspaceId: WorkspaceId) {
  return { unread: await countUnread(db, workspaceId) };
}

export async function markRead(db: Db, workspaceId: WorkspaceId, id: number, read: boolean, now: Date) {
  if (!(await setRead(db, workspaceId, id, read, now))) throw notFound('Answer');
  return itemOf(db, workspaceId, id);
}

export async function categorise(
  db: Db,
  workspaceId: WorkspaceId,
  id: number,
  change: { category: AnswerCategory | null; notNowUntil?: string | null | undefined },
  by: number,
  now: Date,
) {
  const notNowUntil = change.category === 'not-now' ? (change.notNowUntil ?? null) : null;
  if (!(await setCategory(db, workspaceId, id, { category: change.category, notNowUntil, by, at: now })))
    throw notFound('Answer');
  return itemOf(db, workspaceId, id);
}

export async function assign(db: Db, workspaceId: WorkspaceId, id: number, userId: number | null) {
  const outcome = await setAssignee(db, workspaceId, id, userId);
  if (outcome === 'not-found') throw notFound('Answer');
  if (outcome === 'not-a-member')
    throw new AppError('unprocessable', 'Only a member of this workspace can be given an answer');
  return itemOf(db, workspaceId, id);
}

async function itemOf(db: Db, workspaceId: WorkspaceId, id: number): Promise<InboxItem> {
  const row = await findInboxItem(db, workspaceId, id);
  if (!row) throw notFound('Answer');
  return presentItem(row);
}

function presentItem(row: InboxRow): InboxItem {
  const m = row.message;
  const assigneeName = [row.assigneeFirstName, row.assigneeLastName].filter(Boolean).join(' ');
  return {
    ...presentInbound(m),
    emailId: m.emailId,
    campaign:
      row.campaignId !== null && row.campaignName !== null
        ? { id: row.campaignId, name: row.campaignName }
        : null,
    recipientEmail: row.recipientEmail,
    mailbox: m.mailboxId !== null ? { id: m.mailboxId, address: row.mailboxAddress } : null,
    assignee:
      m.assignedTo !== null
        ? { id: m.assignedTo, name: assigneeName || (row.assigneeEmail ?? 'A former member') }
        : null,
    readAt: m.readAt?.toISOString() ?? null,
    // json_build_object writes the time as PostgreSQL prints it: read back into ISO.
    answer: row.answer && { status: row.answer.status, at: new Date(row.answer.at).toISOString() },
  };
}

/** The clean-up's part: kept answers whose workspace's days have passed are deleted; answers how many. */
export const deleteKeptAnswersPastTheirDays = (db: Db, now: Date) => deleteExpiredBodies(db, now);
