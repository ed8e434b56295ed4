import type { Template } from '../../../../contract/templates';

/** The editor's template choices (the campaign's own and each follow-up's): each shows the template's type. */
export function templateOptions(templates: readonly Template[] | undefined) {
  return (templates ?? []).map((template) => ({
    value: String(template.id),
    label: `${template.name} (${template.type === 'prompt' ? 'AI Prompt' : 'Template'})`,
  }));
}
