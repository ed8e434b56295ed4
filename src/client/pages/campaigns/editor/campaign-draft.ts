import type { Campaign, SaveCampaignBody } from '../../../../contract/campaigns';
import { type ColumnMapping, cleanMapping, isMappedColumn } from '../column-mapping';

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
  columnMapping: ColumnMapping;
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
    columnMapping: {},
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
    columnMapping: { ...campaign.columnMapping },
  };
}

export const SUBMIT_PROBLEMS = {
  template: 'Please select an email template',
  csv: 'Please upload a CSV file with recipient data',
  name: 'Please enter a campaign name',
  email: 'Please map the email column for CSV upload',
} as const;

export interface SubmitContext {
  /** The chosen template's variables; null when no template (or it is not loaded). */
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
  return null;
}

/** The POST/PUT body: mapping cleaned for the template, the default message filled in. */
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
    columnMapping: cleanMapping(draft.columnMapping, variables),
  };
}
