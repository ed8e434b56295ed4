import crypto from 'node:crypto';
import { writtenByAi } from '../../contract/templates';
import type { AiModels } from '../ai/ai-models';
import type { SenderProfileForPrompt } from '../ai/prompts/sender-profile';
import type { GenerationRecord } from '../queries/emails';
import type { TemplateRow } from '../queries/templates';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/**
 * What the workspace's record keeps of how a step's emails were written (provider, model, and
 * hashes of the template and sender profile used), never the prompt itself.
 */
export function generationRecord(
  ai: AiModels | null,
  template: TemplateRow,
  sender: SenderProfileForPrompt,
): GenerationRecord {
  const model = writtenByAi(template) ? ai : null;
  return {
    provider: model?.settings.provider ?? null,
    model: model ? (typeof model.text === 'string' ? model.text : model.text.modelId) : null,
    promptHash: sha256(
      writtenByAi(template)
        ? (template.aiInstructions ?? '')
        : `${template.subjectTemplate}\n${template.bodyTemplate}`,
    ),
    senderProfileHash: sha256(JSON.stringify(sender)),
  };
}
