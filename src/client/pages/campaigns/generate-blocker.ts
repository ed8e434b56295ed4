import type { Campaign, CampaignStep } from '../../../contract/campaigns';
import { mappingFitsTemplate } from './column-mapping';
import { missingTemplateMessage, stepWithoutTemplate } from './editor/follow-up-steps';

export const NO_TEMPLATE = 'Select a template first';
export const NO_RECIPIENTS = 'Upload CSV recipients first';
export const VARIABLES_CHANGED =
  'Template variables have changed. Please reassign variables before generating.';

/**
 * Why Generate is disabled for a draft (docs/product.md §3), in the server's order; null when it can run.
 * `templateVariables` are those of every step's template (the mapping serves them all); undefined
 * when one of those templates is not in the loaded list (an archived one): then the mapping
 * cannot be checked here and the server has the last word.
 */
export function generateBlocker(
  campaign: Pick<Campaign, 'templateId' | 'recipientCount' | 'columnMapping'> & {
    steps?: readonly Pick<CampaignStep, 'templateId'>[];
  },
  templateVariables: readonly string[] | undefined,
): string | null {
  if (campaign.templateId === null) return NO_TEMPLATE;
  // Every follow-up is written from its own template, so each needs one before anything is generated.
  const unset = stepWithoutTemplate(campaign.steps ?? []);
  if (unset !== null) return missingTemplateMessage(unset);
  if (campaign.recipientCount === 0) return NO_RECIPIENTS;
  if (templateVariables && !mappingFitsTemplate(campaign.columnMapping, templateVariables)) {
    return VARIABLES_CHANGED;
  }
  return null;
}
