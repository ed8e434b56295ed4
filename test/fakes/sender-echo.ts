/**
 * For the fake AI's scripted replies: a reply may quote what the app told the model about the
 * sender, `{{sender.<field>}}` or `{{sender.<list>.<n>}}` (e.g. `{{sender.proofPoints.0}}`), taken
 * from the prompt's `<sender>` block. A browser test can so see a fact typed in Settings travel
 * through the prompt into a draft, which a fixed reply could not show.
 */

/** The JSON of a prompt's `<sender>` block, or null when the prompt has none. */
export function senderOfPrompt(prompt: string): Record<string, unknown> | null {
  const block = /<sender>\n([\s\S]*?)\n<\/sender>/.exec(prompt)?.[1];
  if (block === undefined) return null;
  try {
    return JSON.parse(block) as Record<string, unknown>;
  } catch {
    return null;
  }
}

const PLACEHOLDER = /\{\{\s*sender\.([A-Za-z]+)(?:\.(\d+))?\s*\}\}/g;

/**
 * The reply with every `{{sender.…}}` filled from `sender`; undefined when one names something the
 * block does not hold, so the rule does not answer (and the test sees the echo instead).
 */
export function fillFromSender(reply: unknown, sender: Record<string, unknown>): unknown {
  let missing = false;
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string')
      return value.replace(PLACEHOLDER, (_, field: string, index?: string) => {
        const found =
          index === undefined ? sender[field] : (sender[field] as unknown[] | undefined)?.[Number(index)];
        if (typeof found !== 'string') missing = true;
        return typeof found === 'string' ? found : '';
      });
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, fill(v)]));
    return value;
  };
  const filled = fill(reply);
  return missing ? undefined : filled;
}
