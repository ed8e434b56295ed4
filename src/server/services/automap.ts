import { automapByRules } from '../../contract/automap-rules';
import type { AiModels } from '../ai/ai-models';
import { mapColumnsWithAi } from '../ai/map-columns';
import { AppError } from '../errors';

/**
 * POST /api/automap-columns: the deterministic rules first; with an AI provider, the AI fills
 * what they left, and its answer is checked so a column is never given to two variables and no
 * invented name gets through. An AI failure keeps the rules' result.
 */
export async function automapColumns(ai: AiModels | null, variables: string[], columns: string[]) {
  if (variables.length === 0 || columns.length === 0) {
    throw new AppError('bad_request', 'Please select a template and upload a CSV file first.');
  }
  const mapping = automapByRules(variables, columns);
  const freeVariables = variables.filter((v) => !mapping[v]);
  const used = new Set(Object.values(mapping));
  const freeColumns = columns.filter((c) => !used.has(c));
  if (!ai || freeVariables.length === 0 || freeColumns.length === 0) return { mapping };
  try {
    for (const { variable, column } of await mapColumnsWithAi(ai, freeVariables, freeColumns)) {
      if (
        freeVariables.includes(variable) &&
        !mapping[variable] &&
        freeColumns.includes(column) &&
        !used.has(column)
      ) {
        mapping[variable] = column;
        used.add(column);
      }
    }
  } catch {
    // The rules' mapping is still a good answer; the user can adjust it by hand.
  }
  return { mapping };
}
