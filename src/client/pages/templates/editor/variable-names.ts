import { toSnakeCase } from '../../../../contract/variable-names';

/** Sending needs the recipient's address, so every template has this variable and it cannot be removed. */
export const EMAIL_VARIABLE = 'email';

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

/** Adds one typed name; docs/product.md §2 refuses duplicates (compared after normalising). */
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
