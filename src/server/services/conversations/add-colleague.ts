import { type AddedColleague, addColleagueBody } from '../../../contract/answer-thread';
import { writtenByAi } from '../../../contract/templates';
import { toSnakeCase } from '../../../contract/variable-names';
import { AI_NOT_CONFIGURED } from '../../ai/ai-models';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { answerTargetOf } from '../../queries/answers';
import { recordAudit } from '../../queries/audit';
import {
  insertOneRecipient,
  lockCampaignForRecipients,
  restartGeneration,
  whyAddressIsTaken,
} from '../../queries/colleague-recipient';
import type { Member } from '../../queries/workspaces';
import { ownCampaign, templatesOfSteps } from '../campaigns';

export const STILL_GENERATING =
  'Emails are being written for this campaign; try again once generation has finished';

/**
 * "Wrong person" (docs/product.md §16): the colleague a reply or a left-the-company notice named
 * becomes a new recipient of the campaign the answer is about. Their row is the answered
 * recipient's with the address changed and the person's own columns left blank (`colleagueRow`),
 * in the same time zone; their mailbox is given when their first email is sent, as for everyone.
 * Generation then writes every step for them, as drafts waiting in review, and the campaign
 * returns to its status once they are written. One transaction, the campaign's row locked.
 */
export async function addColleague(
  ctx: Pick<AppContext, 'db' | 'ai' | 'generationQueue'>,
  member: Member,
  inboundId: number,
  body: { address?: string | undefined } | undefined,
): Promise<AddedColleague> {
  const { workspaceId } = member;
  const source = await answerTargetOf(ctx.db, workspaceId, inboundId);
  if (!source) throw notFound('Answer');
  const { campaignId, recipientId, recipientEmail, recipientData: data } = source;
  if (campaignId === null || recipientId === null || recipientEmail === null || data === null)
    throw new AppError('conflict', "This message answers none of the workspace's campaign emails");
  const address = colleagueAddressOf(body?.address ?? source.inbound.colleagueAddress);
  const campaign = await ownCampaign(ctx.db, workspaceId, campaignId);
  const templates = await templatesOfSteps(ctx.db, campaign);
  if (campaign.status !== 'draft') {
    const unset = templates.indexOf(null);
    if (unset >= 0)
      throw new AppError(
        'conflict',
        `Select a template for step ${unset + 1} first: the new recipient's emails need it`,
      );
    if (templates.some((t) => t && writtenByAi(t)) && !ctx.ai)
      throw new AppError('not_configured', AI_NOT_CONFIGURED);
  }

  const added = await ctx.db.transaction(async (tx) => {
    const locked = await lockCampaignForRecipients(tx, workspaceId, campaignId);
    if (!locked) throw notFound('Campaign');
    if (locked.archivedAt)
      throw new AppError('conflict', 'This campaign is archived: restore it to add recipients');
    if (locked.status === 'generating') throw new AppError('conflict', STILL_GENERATING);
    const taken = await whyAddressIsTaken(tx, workspaceId, campaignId, address);
    if (taken === 'suppressed')
      throw new AppError(
        'conflict',
        `${address} is on the suppression list: nothing is sent to this address`,
      );
    const id =
      taken === null
        ? await insertOneRecipient(tx, {
            campaignId,
            email: address,
            // A company-level fact stays; the job title is the answered person's own.
            company: source.recipientCompany,
            jobTitle: null,
            data: colleagueRow(data, campaign.columnMapping, recipientEmail, address),
            timeZone: source.recipientTimeZone,
          })
        : null;
    if (id === null) throw new AppError('conflict', `${address} is already a recipient of this campaign`);
    // A draft campaign's Generate writes everyone's emails, the new recipient's too.
    const generate = locked.status !== 'draft';
    if (generate) await restartGeneration(tx, campaignId, member.userId, templates.length);
    await recordAudit(tx, [
      {
        workspaceId,
        actorId: member.userId,
        action: 'campaign.recipient_added',
        subjectType: 'campaign',
        subjectId: campaignId,
        // The address stays out of the record, which nobody can change: the recipient's id names it.
        detail: { recipientId: id, answerId: inboundId },
      },
    ]);
    return { id, generate, makerId: locked.userId };
  });
  if (added.generate) await ctx.generationQueue.start({ campaignId, userId: added.makerId });
  return { recipientId: added.id, campaignId, email: address };
}

/** The address to add: the member's, else the answer's colleague; a valid address or a 422. */
function colleagueAddressOf(given: string | null | undefined): string {
  const address = given?.trim();
  if (!address)
    throw new AppError(
      'unprocessable',
      'This answer names no colleague’s address: give the address to add to the campaign',
    );
  if (!addColleagueBody.safeParse({ address }).success)
    throw new AppError('unprocessable', `"${address.slice(0, 320)}" is not a valid email address`);
  return address;
}

/**
 * Which columns are about the answered person rather than their company. The rule, on the
 * column's header and on every variable mapped to it, each split into snake_case words (as the
 * templates name them): personal when a word (or adjacent words run together) is one of
 * PERSONAL_WORDS — names, titles and roles, contact details, what was written about the person —
 * unless a word names the company (COMPANY_WORDS: `company_name`, `company_phone`, `org_linkedin`
 * are the company's). So `first_name`, `Full Name`, `job_title`, `Mobile`, `LinkedIn URL` and
 * `Work Email` are blanked; `company`, `website`, `industry`, `city` and `timezone` are kept.
 */
const PERSONAL_WORDS = new Set(
  [
    'name firstname lastname fullname surname forename nickname initials salutation greeting gender',
    'pronouns birthday title jobtitle position role seniority email mail phone mobile cell telephone',
    'tel linkedin twitter personal bio icebreaker',
  ]
    .join(' ')
    .split(' '),
);
const COMPANY_WORDS = new Set(
  'company organisation organization org account business employer firm brand'.split(' '),
);

export function looksPersonal(name: string): boolean {
  const words = toSnakeCase(name).split('_').filter(Boolean);
  if (words.some((w) => COMPANY_WORDS.has(w))) return false;
  // A word, or adjacent words run together: `LinkedIn URL` is linked_in_url.
  return words.some((_, i) =>
    words.some((__, j) => j >= i && PERSONAL_WORDS.has(words.slice(i, j + 1).join(''))),
  );
}

/**
 * The new recipient's CSV row: the answered one's, with the address column set to the new
 * address, and blank where a column is personal (`looksPersonal`) or holds the answered person's
 * address; the company's columns stay for the templates and the AI to use.
 */
export function colleagueRow(
  data: Record<string, string>,
  mapping: Record<string, string>,
  oldAddress: string,
  address: string,
): Record<string, string> {
  const emailColumn =
    mapping.email ??
    Object.keys(data).find((column) => data[column]?.trim().toLowerCase() === oldAddress.toLowerCase()) ??
    'email';
  const personalColumns = new Set(
    Object.entries(mapping)
      .filter(([variable]) => looksPersonal(variable))
      .map(([, column]) => column),
  );
  const row: Record<string, string> = {};
  for (const [column, value] of Object.entries(data)) {
    const personal =
      personalColumns.has(column) ||
      looksPersonal(column) ||
      value?.trim().toLowerCase() === oldAddress.toLowerCase();
    row[column] = personal ? '' : value;
  }
  row[emailColumn] = address;
  return row;
}
