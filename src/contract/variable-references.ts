/**
 * The declared variables a template's text refers to: a name inside a `{{ … }}` output or a
 * `{% … %}` tag (`{{ info | default: "…" }}`, `{% if info %}`), in the subject, the body or the AI
 * instructions. Quoted strings inside those blocks are text, not names. Letter case is ignored:
 * an AI prompt that writes `{{First_Name}}` still points the model at that value.
 */
export function referencedVariables(
  declared: readonly string[],
  texts: readonly (string | null | undefined)[],
): string[] {
  const named = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const block of text.matchAll(/\{\{([\s\S]*?)\}\}|\{%([\s\S]*?)%\}/g)) {
      const inside = (block[1] ?? block[2] ?? '').replace(/"[^"]*"|'[^']*'/g, ' ');
      for (const word of inside.matchAll(/[A-Za-z_][\w-]*/g)) named.add(word[0].toLowerCase());
    }
  }
  return declared.filter((variable) => named.has(variable.toLowerCase()));
}
