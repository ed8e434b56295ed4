import { type Campaign, DEFAULT_SEND_WINDOW, type SaveCampaignBody } from '../../../../contract/campaigns';
import {
  type SendWindowDraft,
  sendWindowOf,
  windowDraftOf,
  windowProblems,
} from '../../../components/send-window';
import {
  firstProfileProblem,
  profileDraftOf,
  profileInputOf,
  type SenderProfileDraft,
} from '../../../sender-profile-draft';
import { type ColumnMapping, cleanMapping, isMappedColumn } from '../column-mapping';
import {
  campaignStepsOf,
  delayProblem,
  type FollowUpDraft,
  followUpOf,
  stepNumberOf,
} from './follow-up-steps';

/** What the campaign editor's form holds. */
export interface CampaignDraft {
  name: string;
  description: string;
  notes: string;
  templateId: number | null;
  includeUnsubscribeLink: boolean;
  /** null until the user writes one: the sender's default message is shown (and saved) then. */
  unsubscribeMessage: string | null;
  trackOpens: boolean;
  /** AI drafts are also read by a second AI call for claims nothing supports. */
  checkClaimsWithAi: boolean;
  /** The campaign's own sender profile (its filled fields over the Settings'); null uses my Settings. */
  senderProfile: SenderProfileDraft | null;
  columnMapping: ColumnMapping;
  /** The follow-ups after the first email, in order: the first is step 2. */
  followUps: FollowUpDraft[];
  /** When follow-ups may go out. */
  sendWindow: SendWindowDraft;
}

export function newCampaignDraft(): CampaignDraft {
  return {
    name: '',
    description: '',
    notes: '',
    templateId: null,
    // docs/product.md §3: the unsubscribe link is on unless explicitly switched off.
    includeUnsubscribeLink: true,
    unsubscribeMessage: null,
    trackOpens: true,
    checkClaimsWithAi: true,
    senderProfile: null,
    columnMapping: {},
    followUps: [],
    sendWindow: windowDraftOf(DEFAULT_SEND_WINDOW),
  };
}

export function draftFromCampaign(campaign: Campaign): CampaignDraft {
  return {
    name: campaign.name,
    description: campaign.description ?? '',
    notes: campaign.notes ?? '',
    templateId: campaign.templateId,
    includeUnsubscribeLink: campaign.includeUnsubscribeLink !== false,
    unsubscribeMessage: campaign.unsubscribeMessage,
    trackOpens: campaign.trackOpens,
    checkClaimsWithAi: campaign.checkClaimsWithAi,
    senderProfile: campaign.senderProfile ? profileDraftOf(campaign.senderProfile) : null,
    columnMapping: { ...campaign.columnMapping },
    followUps: campaign.steps.map(followUpOf),
    sendWindow: windowDraftOf(campaign.sendWindow),
  };
}

/**
 * docs/product.md §3: the form differs from what the editor opened with, so closing it asks first.
 * Mapping entries count by what they map (order and "None" choices aside).
 */
export function isCampaignDraftDirty(draft: CampaignDraft, loaded: CampaignDraft): boolean {
  return JSON.stringify(comparable(draft)) !== JSON.stringify(comparable(loaded));
}

function comparable(draft: CampaignDraft) {
  const mapping = Object.entries(draft.columnMapping)
    .filter(([, column]) => isMappedColumn(column))
    .sort(([a], [b]) => a.localeCompare(b));
  return { ...draft, columnMapping: mapping };
}

export const SUBMIT_PROBLEMS = {
  template: 'Please select an email template',
  csv: 'Please upload a CSV file with recipient data',
  name: 'Please enter a campaign name',
  email: 'Please map the email column for CSV upload',
} as const;

export interface SubmitContext {
  /** Every step's template's variables; null when no template (or the first is not loaded). */
  variables: readonly string[] | null;
  /** A CSV file is chosen, or (when editing) the campaign already has recipients. */
  hasRecipients: boolean;
}

/** docs/product.md §3's submit checks, in its order; null when the draft can be saved. */
export function submitProblem(
  draft: CampaignDraft,
  { variables, hasRecipients }: SubmitContext,
): string | null {
  if (draft.templateId === null) return SUBMIT_PROBLEMS.template;
  if (!hasRecipients) return SUBMIT_PROBLEMS.csv;
  if (!draft.name.trim()) return SUBMIT_PROBLEMS.name;
  if (variables && variables.length > 0 && !isMappedColumn(draft.columnMapping.email)) {
    return SUBMIT_PROBLEMS.email;
  }
  const profile = draft.senderProfile && firstProfileProblem(draft.senderProfile);
  return followUpProblem(draft) ?? (profile ? `Sender profile for this campaign: ${profile}` : null);
}

/**
 * Why the follow-ups or their window cannot be saved, or null. The editor shows the same problems
 * inline; this names the step or the window for the toast. A follow-up without a template is no
 * problem yet: a draft may be saved before every template is chosen, only generating needs them.
 */
export function followUpProblem(draft: Pick<CampaignDraft, 'followUps' | 'sendWindow'>): string | null {
  const index = draft.followUps.findIndex((step) => delayProblem(step) !== null);
  if (index >= 0) return `Step ${stepNumberOf(index)}: ${delayProblem(draft.followUps[index]!)}`;
  const window = windowProblems(draft.sendWindow);
  const problem = window.days ?? window.start ?? window.end;
  return problem ? `Sending window: ${problem}` : null;
}

/**
 * The POST/PUT body of a draft `submitProblem` accepted: mapping cleaned for the steps' templates
 * (a follow-up's variables keep their columns), the default message filled in, the follow-ups and
 * their window as the server takes them.
 */
export function saveBodyOf(
  draft: CampaignDraft,
  variables: readonly string[] | null,
  defaultUnsubscribeMessage: string,
): SaveCampaignBody {
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    notes: draft.notes.trim() || null,
    templateId: draft.templateId,
    includeUnsubscribeLink: draft.includeUnsubscribeLink,
    // Kept even while the link is off, so switching it back on restores the user's words.
    unsubscribeMessage: (draft.unsubscribeMessage ?? defaultUnsubscribeMessage).trim() || null,
    trackOpens: draft.trackOpens,
    checkClaimsWithAi: draft.checkClaimsWithAi,
    senderProfile: draft.senderProfile && profileInputOf(draft.senderProfile),
    columnMapping: cleanMapping(draft.columnMapping, variables),
    steps: campaignStepsOf(draft.followUps),
    // Left out (unchanged on the server) only for a window submitProblem would have refused.
    ...windowField(draft.sendWindow),
  };
}

function windowField(draft: SendWindowDraft): Pick<SaveCampaignBody, 'sendWindow'> {
  const window = sendWindowOf(draft);
  return window ? { sendWindow: window } : {};
}
