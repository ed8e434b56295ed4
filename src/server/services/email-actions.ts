import type { Finding } from '../../contract/draft-findings';
import { ALLOWED_FROM, allows } from '../../contract/email-rules';
import type { UpdateEmailBody } from '../../contract/emails';
import type { Db } from '../db/client';
import type { WorkspaceId } from '../db/schema';
import { AppError, notFound } from '../errors';
import { recordAudit } from '../queries/audit';
import { findOwnEmail, updateOwnEmail } from '../queries/email-actions';
import { queueEmails, scheduleEmails } from '../queries/email-queueing';
import type { Member } from '../queries/workspaces';
import { ownCampaign } from './campaigns';
import { checkEditedDraft } from './draft-checks/check-campaign';
import type { DraftCheckQueue } from './draft-checks/draft-check-queue';
import { editedText } from './edited-text';
import { authorshipOf } from './email-authorship';
import { assertOwnMailbox, assertRole, assertSecondPairOfEyes } from './member-rules';
import { assertEmailFilled, assertSignatureFilled } from './placeholders';
import { presentEmail } from './present-email';
import { refreshCampaignSendStatus } from './sending/campaign-send-status';
import type { SendQueue } from './sending/send-queue';
import { isUnsubscribed, UNSUBSCRIBED_MESSAGE } from './sending/suppression';

async function ownEmail(db: Db, workspaceId: WorkspaceId, id: number) {
  const found = await findOwnEmail(db, workspaceId, id);
  if (!found) throw notFound('Email');
  return found;
}

/**
 * A person's answer to a reply (step 0) is written, approved and sent (again) in its thread in the
 * inbox: the review's changes and its Send leave it alone. Refused so an answer is never made a
 * draft, unapproved or moved from the review (which does not list it).
 */
export const ANSWER_IN_THREAD_MESSAGE =
  'This is an answer to a reply: change or send it from its thread in the Inbox';

function assertCampaignEmail(email: { step: number }) {
  if (email.step === 0) throw new AppError('conflict', ANSWER_IN_THREAD_MESSAGE);
}

/** Approving, sending and scheduling wait until no default placeholder is left (services/placeholders). */
async function assertReadyToSend(
  db: Db,
  workspaceId: WorkspaceId,
  email: Parameters<typeof assertEmailFilled>[0] & { campaignId: number; userId: number },
) {
  assertEmailFilled(email, await ownCampaign(db, workspaceId, email.campaignId));
  await assertSignatureFilled(db, email.userId);
}

/**
 * A change to one email and its line in the workspace's record, in one transaction: the record is
 * written with the change, or neither is.
 */
async function changeEmail(
  db: Db,
  member: Member,
  id: number,
  values: Parameters<typeof updateOwnEmail>[3],
  from: Parameters<typeof updateOwnEmail>[4],
  audit: { action: string; detail?: Record<string, unknown> },
) {
  return db.transaction(async (tx) => {
    const row = await updateOwnEmail(tx, member.workspaceId, id, values, from);
    if (row) {
      await recordAudit(tx, [
        {
          workspaceId: member.workspaceId,
          actorId: member.userId,
          subjectType: 'email',
          subjectId: id,
          ...audit,
        },
      ]);
    }
    return row;
  });
}

/** What an edit changed, for the record: the subject as it was and is, and whether the body changed. */
function whatChanged(before: { subject: string; body: string }, after: { subject: string; body: string }) {
  return {
    ...(before.subject !== after.subject && { subject: { from: before.subject, to: after.subject } }),
    bodyChanged: before.body !== after.body,
  };
}

/** Refused when approving one email: a person fixes the text or dismisses its findings first. */
export const HIGH_FINDING_MESSAGE =
  'This email has a high-severity finding: fix it, or dismiss its findings if the text is right as it is';

function hasOpenHighFinding(email: { findings: Finding[] | null; findingsDismissed: boolean }) {
  return !email.findingsDismissed && (email.findings ?? []).some((f) => f.severity === 'high');
}

/** PUT /api/emails/:id: five kinds of change, each allowed only from the states the rule book allows. */
export async function updateEmail(
  db: Db,
  member: Member,
  id: number,
  body: UpdateEmailBody,
  queues: { send: SendQueue; checks: DraftCheckQueue },
) {
  const queue = queues.send;
  const { workspaceId } = member;
  const { email, recipient } = await ownEmail(db, workspaceId, id);
  assertCampaignEmail(email);
  let row: Awaited<ReturnType<typeof updateOwnEmail>>;
  if ('subject' in body) {
    const edited = { ...editedText(body), recipientEmail: recipient.email };
    const campaign = await ownCampaign(db, workspaceId, email.campaignId);
    const checked = await checkEditedDraft(db, campaign, email, edited);
    row = await changeEmail(
      db,
      member,
      id,
      {
        subject: edited.subject,
        body: edited.body,
        isEdited: true,
        writtenBy: member.userId,
        // Under four-eyes approval, new text needs a new approval, by someone else.
        ...(member.fourEyes && { isApproved: false, approvedBy: null }),
        // New text, new findings: a dismissal was of the old ones.
        findings: checked.findings,
        findingsDismissed: false,
        // "No value for: …" was about the text generation wrote; the person's text is written
        // knowing the value is not there (checkEditedDraft), so the review's banner goes too.
        attentionReason: null,
      },
      ALLOWED_FROM.edit,
      { action: 'email.edited', detail: whatChanged(email, edited) },
    );
    if (!row) throw new AppError('conflict', 'Sent, scheduled or in-flight emails cannot be edited');
    if (checked.readsClaims)
      await queues.checks.recheckClaims({ campaignId: campaign.id, userId: campaign.userId, emailIds: [id] });
  } else if ('isApproved' in body) {
    if (body.isApproved) {
      if (hasOpenHighFinding(email)) throw new AppError('conflict', HIGH_FINDING_MESSAGE);
      assertSecondPairOfEyes(member, email);
      await assertReadyToSend(db, workspaceId, email);
    }
    const approvedBy = body.isApproved ? member.userId : null;
    row = await changeEmail(
      db,
      member,
      id,
      { isApproved: body.isApproved, approvedBy },
      ALLOWED_FROM.approve,
      {
        action: body.isApproved ? 'email.approved' : 'email.unapproved',
      },
    );
    if (!row)
      throw new AppError('conflict', `An email that is ${email.status} cannot be approved or unapproved`);
  } else if ('findingsDismissed' in body) {
    row = await changeEmail(
      db,
      member,
      id,
      { findingsDismissed: body.findingsDismissed },
      ALLOWED_FROM.edit,
      {
        action: body.findingsDismissed ? 'email.findings_dismissed' : 'email.findings_restored',
        detail: { findings: (email.findings ?? []).map((f) => f.kind) },
      },
    );
    if (!row) throw new AppError('conflict', `The findings of an email that is ${email.status} are settled`);
  } else if ('status' in body) {
    assertRole(member, 'sender');
    row = await updateOwnEmail(
      db,
      workspaceId,
      id,
      { status: 'draft', scheduledFor: null },
      ALLOWED_FROM.unschedule,
    );
    if (!row) throw new AppError('conflict', 'Only scheduled emails can be moved back to draft');
  } else {
    assertRole(member, 'sender');
    assertOwnMailbox(member, email);
    const at = futureTime(body.scheduledFor);
    await assertReadyToSend(db, workspaceId, email);
    const ids = await scheduleEmails(db, workspaceId, [id], at, ALLOWED_FROM.send);
    if (ids.length === 0)
      throw new AppError('conflict', `An email that is ${email.status} cannot be scheduled`);
    await queue.releaseAt(at);
    row = (await findOwnEmail(db, workspaceId, id))!.email;
  }
  await refreshCampaignSendStatus(db, email.campaignId);
  // The review shows at once who the change made the writer or the approver.
  const authorship = (await authorshipOf(db, [id])).get(id);
  return { ...presentEmail(row!, recipient), authorship };
}

/** POST /api/emails/:id/send: now (queued for a worker) or at a time; suppressed addresses are not sent. */
export async function sendEmailNow(
  db: Db,
  member: Member,
  id: number,
  scheduledFor: string | undefined,
  queue: SendQueue,
) {
  const { workspaceId } = member;
  const { email, recipient } = await ownEmail(db, workspaceId, id);
  assertCampaignEmail(email);
  assertOwnMailbox(member, email);
  const sendable = ALLOWED_FROM.send;
  if (!allows('send', email.status)) {
    throw new AppError('conflict', `This email is ${email.status} and cannot be sent again`);
  }
  if (await isUnsubscribed(db, workspaceId, recipient.email)) {
    const row = await updateOwnEmail(
      db,
      workspaceId,
      id,
      { status: 'unsubscribed', scheduledFor: null, errorMessage: UNSUBSCRIBED_MESSAGE },
      [...sendable],
    );
    await refreshCampaignSendStatus(db, email.campaignId);
    return {
      status: 'unsubscribed' as const,
      unsubscribed: true,
      scheduledFor: null,
      email: presentEmail(row ?? email, recipient),
    };
  }
  await assertReadyToSend(db, workspaceId, email);
  if (scheduledFor) {
    const at = futureTime(scheduledFor);
    await scheduleEmails(db, workspaceId, [id], at, [...sendable]);
    await queue.releaseAt(at);
  } else {
    await queue.queueAndSend(db, (tx) => queueEmails(tx, workspaceId, [id], [...sendable]));
  }
  await refreshCampaignSendStatus(db, email.campaignId);
  const fresh = (await findOwnEmail(db, workspaceId, id))!;
  return {
    status: scheduledFor ? ('scheduled' as const) : ('queued' as const),
    unsubscribed: false,
    scheduledFor: fresh.email.scheduledFor?.toISOString() ?? null,
    email: presentEmail(fresh.email, recipient),
  };
}

/** POST /api/emails/:id/resolve: the user's decision on an email whose delivery is unknown. */
export async function resolveUnknownEmail(
  db: Db,
  member: Member,
  id: number,
  action: 'mark-sent' | 'resend',
  queue: SendQueue,
) {
  const { workspaceId } = member;
  const { email, recipient } = await ownEmail(db, workspaceId, id);
  assertOwnMailbox(member, email);
  if (!allows('resolve', email.status))
    throw new AppError('conflict', 'Only emails whose delivery is unknown need this');
  if (action === 'mark-sent') {
    await updateOwnEmail(
      db,
      workspaceId,
      id,
      { status: 'sent', sentAt: email.updatedAt, errorMessage: null },
      ['unknown'],
    );
  } else {
    await assertReadyToSend(db, workspaceId, email);
    await queue.queueAndSend(db, (tx) => queueEmails(tx, workspaceId, [id], ['unknown']));
  }
  await refreshCampaignSendStatus(db, email.campaignId);
  return presentEmail((await findOwnEmail(db, workspaceId, id))!.email, recipient);
}

export async function rawMessageOf(db: Db, workspaceId: WorkspaceId, id: number) {
  const { email } = await ownEmail(db, workspaceId, id);
  if (!email.rawMessage)
    throw new AppError('not_found', 'This email has not been sent, so there is no message to show');
  return email.rawMessage;
}

/** docs/product.md §6: scheduled times must be in the future. */
export function futureTime(iso: string): Date {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) throw new AppError('bad_request', 'Please select both date and time');
  if (at.getTime() <= Date.now()) throw new AppError('bad_request', 'Scheduled time must be in the future');
  return at;
}
