import type { AnswerSuggestion } from '../../../contract/answer-thread';
import { AI_NOT_CONFIGURED } from '../../ai/ai-models';
import type { AnswerWriterInput } from '../../ai/prompts/answer-prompts';
import { suggestAnswer } from '../../ai/suggest-answer';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { htmlToText } from '../../mail/compose';
import { answerTargetOf, conversationOf } from '../../queries/answers';
import type { Member } from '../../queries/workspaces';
import { ownCampaign } from '../campaigns';
import { sanitizeRichText } from '../sanitize-html';
import { senderOfCampaign } from '../sender-profile/load';
import { readAnswer } from './read-answer';
import { personText } from './reply-text';

/**
 * An AI suggestion for answering a reply (docs/product.md §16), from the conversation, the
 * recipient's row and the campaign's sender profile. It only fills the editor: nothing is sent
 * or stored, and the member edits and sends it. The reply's whole text is read from its mailbox
 * (as opening it does); when that fails, its snippet stands in.
 */
export async function suggestAnswerFor(
  ctx: Parameters<typeof readAnswer>[0] & Pick<AppContext, 'ai'>,
  member: Member,
  inboundId: number,
): Promise<AnswerSuggestion> {
  const target = await answerTargetOf(ctx.db, member.workspaceId, inboundId);
  if (!target) throw notFound('Answer');
  if (!ctx.ai) throw new AppError('not_configured', AI_NOT_CONFIGURED);
  if (target.campaignId === null || target.recipientId === null)
    throw new AppError('conflict', "This message quotes none of the workspace's emails");
  const [campaign, conversation, replyText] = await Promise.all([
    ownCampaign(ctx.db, member.workspaceId, target.campaignId),
    conversationOf(ctx.db, target.recipientId),
    wholeText(ctx, member, inboundId).catch(() => target.inbound.snippet),
  ]);
  const sender = (await senderOfCampaign(ctx.db, campaign)).forPrompt;
  const before: (AnswerWriterInput['conversation'][number] & { at: Date })[] = [
    ...conversation.sent.map((e) => ({
      from: 'sender' as const,
      subject: e.subject,
      text: htmlToText(e.body),
      at: e.sentAt ?? e.createdAt,
    })),
    ...conversation.answers
      .filter((a) => a.status === 'sent')
      .map((a) => ({
        from: 'sender' as const,
        subject: a.subject,
        text: htmlToText(a.body),
        at: a.sentAt ?? a.createdAt,
      })),
    ...conversation.inbound
      .filter((m) => m.id !== inboundId && m.kind === 'reply' && m.receivedAt < target.inbound.receivedAt)
      .map((m) => ({ from: 'recipient' as const, subject: m.subject, text: m.snippet, at: m.receivedAt })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const { body } = await suggestAnswer(ctx.ai, {
    sender,
    recipient: target.recipientData ?? {},
    conversation: before.map(({ from, subject, text }) => ({ from, subject, text })),
    reply: { subject: target.inbound.subject, text: replyText },
  });
  return { body: sanitizeRichText(body) };
}

/** What the person wrote, read whole from the mailbox (quote and signature left out). */
async function wholeText(ctx: Parameters<typeof readAnswer>[0], member: Member, inboundId: number) {
  const message = await readAnswer(ctx, member.workspaceId, inboundId, false);
  const text = message.text ?? (message.html ? htmlToText(message.html) : '');
  return personText(text) || text;
}
