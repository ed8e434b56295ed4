/** A piece of the prompt preview: plain text, a filled-in variable, or a variable with no value. */
export type PromptSegment =
  | { kind: 'text'; text: string }
  | { kind: 'value'; text: string; variable: string }
  | { kind: 'missing'; text: string; variable: string };

// `{{ name }}`, `{{name}}` and `{{ name | default: "there" }}` (the Liquid forms the app documents).
const PLACEHOLDER = /\{\{-?\s*([A-Za-z_]\w*)\s*((?:\|[^}]*)?)-?\}\}/g;
const DEFAULT_FILTER = /\|\s*default\s*:\s*(?:"([^"]*)"|'([^']*)')/;

/**
 * The prompt with each placeholder replaced by the sample recipient's value, split so the preview can
 * highlight what was filled in and what has no value.
 */
export function promptSegments(prompt: string, values: Record<string, string>): PromptSegment[] {
  const segments: PromptSegment[] = [];
  let last = 0;
  for (const match of prompt.matchAll(PLACEHOLDER)) {
    const [placeholder, variable = '', filters = ''] = match;
    if (match.index > last) segments.push({ kind: 'text', text: prompt.slice(last, match.index) });
    const value = values[variable]?.trim() ? values[variable] : defaultOf(filters);
    segments.push(
      value === undefined
        ? { kind: 'missing', text: placeholder, variable }
        : { kind: 'value', text: value, variable },
    );
    last = match.index + placeholder.length;
  }
  if (last < prompt.length) segments.push({ kind: 'text', text: prompt.slice(last) });
  return segments;
}

function defaultOf(filters: string): string | undefined {
  const match = DEFAULT_FILTER.exec(filters);
  return match ? (match[1] ?? match[2]) : undefined;
}
