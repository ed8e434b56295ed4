import { DEFAULT_VARIABLES } from '../../contract/limits';
import { toSnakeCase } from '../../contract/variable-names';

/**
 * A template's variable list: snake_case, no duplicates, no empties, `email` always first
 * (sending needs it). Undefined means "not given": the defaults of docs/product.md §2.
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
