/** Sending needs the recipient's address, so every template has this variable and it cannot be removed. */
export const EMAIL_VARIABLE = 'email';

/**
 * `First Name` / `first-name` / `FirstName` → `first_name`: the server's rule, applied here too so the
 * user sees the name that will be stored.
 */
export function toSnakeCase(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** `current` followed by the new names, snake_case, without duplicates or blanks, `email` first. */
export function mergeVariables(current: readonly string[], incoming: readonly string[]): string[] {
  const result = [EMAIL_VARIABLE];
  for (const name of [...current, ...incoming]) {
    const snake = toSnakeCase(name);
    if (snake && !result.includes(snake)) result.push(snake);
  }
  return result;
}

export type AddVariableResult =
  | { ok: true; variables: string[]; added: string }
  | { ok: false; error: string };

/** Adds one typed name; SPEC §5 refuses duplicates (compared after normalising). */
export function addVariable(current: readonly string[], typed: string): AddVariableResult {
  const name = toSnakeCase(typed);
  if (!name) return { ok: false, error: 'Please enter a variable name' };
  if (current.includes(name)) return { ok: false, error: 'Variable already exists' };
  return { ok: true, variables: [...current, name], added: name };
}

export function removeVariable(current: readonly string[], name: string): string[] {
  if (name === EMAIL_VARIABLE) return [...current];
  return current.filter((variable) => variable !== name);
}
