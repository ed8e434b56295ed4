import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../../contract/api';
import type { ReplyOf } from '../../../../contract/route';
import type { generateEmailBody } from '../../../../contract/templates';
import { call } from '../../../api';
import type { TemplateDraft } from './template-draft';

export type GeneratedEmail = ReplyOf<typeof api.templates.generateEmail>;
type GenerateEmailBody = z.input<typeof generateEmailBody>;

/**
 * The "AI Email Preview": one email for the sample recipient, written the way campaign generation
 * will write it. `clear` forgets the result and ignores a request still in flight, so an email made
 * from older content never shows up after an edit.
 */
export function useAiEmailPreview() {
  const mutation = useMutation({
    mutationFn: (body: GenerateEmailBody) => call(api.templates.generateEmail, { body }),
  });
  const { reset, mutate } = mutation;

  return {
    email: mutation.data ?? null,
    error: mutation.error,
    pending: mutation.isPending,
    generate: (draft: TemplateDraft, recipient: Record<string, string>) =>
      mutate(requestFor(draft, recipient)),
    clear: reset,
  };
}

function requestFor(draft: TemplateDraft, recipientData: Record<string, string>): GenerateEmailBody {
  const template =
    draft.type === 'prompt'
      ? { aiInstructions: draft.prompt }
      : {
          subjectTemplate: draft.subject,
          bodyTemplate: draft.body,
          aiInstructions: draft.enhancement.trim() || null,
        };
  return { template, type: draft.type, recipientData, variables: draft.variables };
}
