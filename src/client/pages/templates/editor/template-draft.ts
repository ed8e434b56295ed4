import { DEFAULT_VARIABLES } from '../../../../contract/limits';
import type { SaveTemplateBody, Template, TemplateType } from '../../../../contract/templates';
import { DEFAULT_AI_PROMPT } from './default-prompt';

/** What the editor holds while the user works on a template. */
export interface TemplateDraft {
  name: string;
  type: TemplateType;
  subject: string;
  /** HTML from the rich-text editor ('' when empty). */
  body: string;
  /** Email Template mode's optional AI Enhancement Instructions. */
  enhancement: string;
  /**
   * AI Prompt mode's Email Generation Prompt. Kept apart from `enhancement` (both are stored as
   * aiInstructions) so switching modes never shows one mode's text in the other.
   */
  prompt: string;
  variables: string[];
}

export function newTemplateDraft(): TemplateDraft {
  return {
    name: '',
    type: 'template',
    subject: '',
    body: '',
    enhancement: '',
    prompt: DEFAULT_AI_PROMPT,
    variables: [...DEFAULT_VARIABLES],
  };
}

export function draftFromTemplate(template: Template): TemplateDraft {
  const isPrompt = template.type === 'prompt';
  return {
    name: template.name,
    type: template.type,
    subject: template.subjectTemplate,
    body: template.bodyTemplate,
    enhancement: isPrompt ? '' : (template.aiInstructions ?? ''),
    prompt: isPrompt ? (template.aiInstructions ?? '') : DEFAULT_AI_PROMPT,
    variables: [...template.variables],
  };
}

/** docs/product.md §2's first failing rule, in its order, or null when the draft can be saved. */
export function draftProblem(draft: TemplateDraft): string | null {
  if (!draft.name.trim()) return 'Please enter a template name';
  if (draft.type === 'prompt') return draft.prompt.trim() ? null : 'Please enter AI instructions';
  if (!draft.subject.trim()) return 'Please enter a subject line template';
  if (!hasBodyContent(draft.body)) return 'Please enter a body template';
  return null;
}

/** The POST/PUT body; a prompt template saves an empty subject and body (docs/product.md §2). */
export function saveBodyOf(draft: TemplateDraft): SaveTemplateBody {
  const isPrompt = draft.type === 'prompt';
  return {
    name: draft.name.trim(),
    type: draft.type,
    subjectTemplate: isPrompt ? '' : draft.subject.trim(),
    bodyTemplate: isPrompt ? '' : draft.body,
    aiInstructions: (isPrompt ? draft.prompt : draft.enhancement).trim() || null,
    variables: draft.variables,
  };
}

/**
 * docs/product.md §2: dirty when name, type, subject, body, AI instructions or variables differ from what
 * was loaded. Only what would be saved counts, so the hidden mode's fields do not.
 */
export function isDraftDirty(draft: TemplateDraft, loaded: TemplateDraft): boolean {
  const a = comparable(draft);
  const b = comparable(loaded);
  return (Object.keys(a) as (keyof typeof a)[]).some((key) => a[key] !== b[key]);
}

function comparable(draft: TemplateDraft) {
  const isPrompt = draft.type === 'prompt';
  return {
    name: draft.name,
    type: draft.type,
    subject: isPrompt ? '' : draft.subject,
    body: isPrompt ? '' : draft.body,
    aiInstructions: isPrompt ? draft.prompt : draft.enhancement,
    variables: draft.variables.join('\n'),
  };
}

/** The editor leaves `<p></p>` behind when emptied; an image alone is content. */
export function hasBodyContent(html: string): boolean {
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .trim();
  return text.length > 0 || /<img\b/i.test(html);
}
