import type { Email } from '../../contract/campaigns';
import type { EmailRow } from '../queries/email-actions';

type RecipientSummary = { email: string; company: string | null; jobTitle: string | null };

export function presentEmail(e: EmailRow, recipient: RecipientSummary): Email {
  return {
    id: e.id,
    campaignId: e.campaignId,
    recipientId: e.recipientId,
    step: e.step,
    subject: e.subject,
    body: e.body,
    isApproved: e.isApproved,
    isEdited: e.isEdited,
    status: e.status,
    errorMessage: e.errorMessage,
    attentionReason: e.attentionReason,
    findings: e.findings,
    findingsDismissed: e.findingsDismissed,
    needsAttention: (e.attentionRank ?? 3) < 3,
    sentAt: e.sentAt?.toISOString() ?? null,
    scheduledFor: e.scheduledFor?.toISOString() ?? null,
    messageId: e.messageId,
    repliedAt: e.repliedAt?.toISOString() ?? null,
    bouncedAt: e.bouncedAt?.toISOString() ?? null,
    bounceKind: e.bounceKind,
    recipient,
  };
}
