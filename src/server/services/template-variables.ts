import { DEFAULT_VARIABLES } from '../../contract/limits';

/** `First Name` / `first-name` / `FirstName` → `first_name`. */
export function toSnakeCase(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * A template's variable list: snake_case, no duplicates, no empties, `email` always first
 * (sending needs it). Undefined means "not given": the defaults of SPEC §9.
 */
export function normaliseVariables(names: string[] | undefined): string[] {
  const list = names ?? [...DEFAULT_VARIABLES];
  const result = ['email'];
  for (const name of list) {
    const snake = toSnakeCase(name);
    if (snake && !result.includes(snake)) result.push(snake);
  }
  return result;
}
