import type { CampaignReplies, EmailEvent, InboundEvent } from '../../../contract/conversations';
import type { Db } from '../../db/client';
import type { WorkspaceId } from '../../db/schema';
import { notFound } from '../../errors';
import { htmlToText } from '../../mail/compose';
import { answersToEmail } from '../../queries/answers';
import {
  firstOpensOf,
  type InboundRow,
  listCampaignReplies,
  listEmailInbound,
  unsubscribeByEmail,
} from '../../queries/conversation-reads';
import { findOwnEmail } from '../../queries/email-actions';
import { categoryChangesOfEmail } from '../../queries/inbox';
import { ownCampaign } from '../campaigns';
import { replySnippet } from './reply-text';

/**
 * One email's story, oldest first: sent, first opened (by a person, and apart by an image proxy),
 * what its recipient's mailbox answered (replies, auto-replies, bounces, emailed unsubscribe
 * requests), the workspace's answers to them, and the unsubscribe it caused. Another workspace's email is a 404.
 */
export async function emailEventsOf(
  db: Db,
  workspaceId: WorkspaceId,
  emailId: number,
): Promise<{ events: EmailEvent[] }> {
  const own = await findOwnEmail(db, workspaceId, emailId);
  if (!own) throw notFound('Email');
  const [opens, inbound, unsubscribe, changes, answers] = await Promise.all([
    firstOpensOf(db, emailId),
    listEmailInbound(db, workspaceId, emailId),
    unsubscribeByEmail(db, workspaceId, emailId),
    categoryChangesOfEmail(db, emailId),
    answersToEmail(db, emailId),
  ]);
  const events: EmailEvent[] = [];
  if (own.email.sentAt) events.push({ type: 'sent', at: own.email.sentAt.toISOString() });
  for (const o of opens) events.push({ type: 'opened', at: o.at.toISOString(), byMachine: o.byMachine });
  for (const m of inbound)
    events.push({ type: 'inbound', at: m.receivedAt.toISOString(), message: presentInbound(m) });
  for (const c of changes)
    events.push({
      type: 'categorized',
      at: c.at.toISOString(),
      messageId: c.inboundMessageId,
      from: c.fromCategory,
      to: c.toCategory,
      source: c.source,
      by: c.byEmail,
    });
  for (const a of answers)
    events.push({
      type: 'answered',
      at: a.createdAt.toISOString(),
      messageId: a.answersInboundId!,
      answerEmailId: a.id,
      status: a.status,
      sentAt: a.sentAt?.toISOString() ?? null,
      by: a.writerName,
      snippet: replySnippet(htmlToText(a.body)),
    });
  if (unsubscribe)
    events.push({ type: 'unsubscribed', at: unsubscribe.at.toISOString(), reason: unsubscribe.reason });
  // ISO strings of one zone sort as times; the sort is stable, so equal times keep the order above.
  events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { events };
}

/** A campaign's replies by people, newest first (its Replies view). */
export async function campaignRepliesOf(
  db: Db,
  workspaceId: WorkspaceId,
  campaignId: number,
  limit: number,
  offset: number,
): Promise<CampaignReplies> {
  await ownCampaign(db, workspaceId, campaignId);
  const { rows, total } = await listCampaignReplies(db, workspaceId, campaignId, limit, offset);
  const items = rows.map((r) => ({
    ...presentInbound(r),
    emailId: r.emailId,
    recipientEmail: r.recipientEmail,
  }));
  return { items, total, limit, offset };
}

export function presentInbound(m: InboundRow): InboundEvent {
  return {
    id: m.id,
    kind: m.kind,
    bounceKind: m.bounceKind,
    bounceStatus: m.bounceStatus,
    bounceDiagnostic: m.bounceDiagnostic,
    fromAddress: m.fromAddress,
    fromName: m.fromName,
    subject: m.subject,
    snippet: m.snippet,
    link: m.link,
    colleague:
      m.kind === 'left-company' || m.colleagueAddress
        ? { name: m.colleagueName, address: m.colleagueAddress }
        : undefined,
    category: m.category,
    categorySource: m.categorySource,
    notNowUntil: m.notNowUntil,
    receivedAt: m.receivedAt.toISOString(),
  };
}
