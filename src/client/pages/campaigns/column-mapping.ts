import { likelyColumn } from '../../../contract/automap-rules';
import { MAPPING_NONE, MAPPING_SELECT } from '../../../contract/campaigns';
import type { Template } from '../../../contract/templates';
import { referencedVariables } from '../../../contract/variable-references';
import { stepNumberOf } from './editor/follow-up-steps';

/** Template variable → CSV column, as the editor holds it (placeholders included). */
export type ColumnMapping = Record<string, string>;

/** A real column, not blank and not one of the editor's placeholders ('None', 'Select column'). */
export function isMappedColumn(column: string | undefined): column is string {
  return Boolean(column) && column !== MAPPING_NONE && column !== MAPPING_SELECT;
}

/**
 * docs/product.md §3: before submit, drop entries for variables the template does not have and entries
 * without a real column. With no template (variables null) only the placeholders go.
 */
export function cleanMapping(mapping: ColumnMapping, variables: readonly string[] | null): ColumnMapping {
  const clean: ColumnMapping = {};
  for (const [variable, column] of Object.entries(mapping)) {
    if (!isMappedColumn(column)) continue;
    if (variables && !variables.includes(variable)) continue;
    clean[variable] = column;
  }
  return clean;
}

/**
 * docs/product.md §3's "variables mismatch": the template has `email` but the mapping gives it no usable
 * column, or a mapped variable is no longer one of the template's.
 */
export function mappingFitsTemplate(mapping: ColumnMapping, variables: readonly string[]): boolean {
  if (variables.includes('email') && !isMappedColumn(mapping.email)) return false;
  return Object.entries(mapping).every(
    ([variable, column]) => !isMappedColumn(column) || variables.includes(variable),
  );
}

/**
 * Fills unmapped variables whose name equals a column's, ignoring case, so the obvious pairs
 * (email → Email) need no clicks. Columns a chosen mapping no longer has are cleared first.
 */
export function mapExactMatches(
  mapping: ColumnMapping,
  variables: readonly string[],
  columns: readonly string[],
) {
  const next: ColumnMapping = {};
  for (const [variable, column] of Object.entries(mapping)) {
    if (!isMappedColumn(column) || columns.includes(column)) next[variable] = column;
  }
  const used = new Set(Object.values(next));
  for (const variable of variables) {
    if (isMappedColumn(next[variable]) || next[variable] === MAPPING_NONE) continue;
    const column = columns.find((c) => !used.has(c) && c.trim().toLowerCase() === variable.toLowerCase());
    if (column) {
      next[variable] = column;
      used.add(column);
    }
  }
  return next;
}

/** A variable the campaign's column mapping covers. */
export interface MappingVariable {
  name: string;
  /** The follow-up steps (2 and up) using it when the first email's template does not; else empty. */
  followUpSteps: number[];
}

/**
 * The variables a campaign's one column mapping covers, as the server counts them: email first,
 * then the first template's, then those only follow-ups' templates add. `templateIds` is each
 * step's template, step 1 first. Null when the first template is not chosen or not loaded;
 * `complete` is false when a follow-up's template is not loaded (archived), so some variables
 * are unknown here.
 */
export function mappingVariablesOf(
  templateIds: readonly (number | null)[],
  templates: readonly Pick<Template, 'id' | 'variables'>[] | undefined,
): { variables: MappingVariable[]; complete: boolean } | null {
  const [firstId, ...followUpIds] = templateIds;
  const first = templates?.find((t) => t.id === firstId);
  if (!first) return null;
  // Email first: it is the one variable every mapping needs.
  const variables: MappingVariable[] = [...first.variables]
    .sort((a, b) => Number(b === 'email') - Number(a === 'email'))
    .map((name) => ({ name, followUpSteps: [] }));
  let complete = true;
  followUpIds.forEach((id, index) => {
    if (id === null) return;
    const template = templates?.find((t) => t.id === id);
    if (!template) {
      complete = false;
      return;
    }
    const step = stepNumberOf(index);
    for (const name of template.variables) {
      const known = variables.find((v) => v.name === name);
      if (!known) variables.push({ name, followUpSteps: [step] });
      // Two follow-ups may share a template: the note names each step once.
      else if (known.followUpSteps.length > 0 && !known.followUpSteps.includes(step))
        known.followUpSteps.push(step);
    }
  });
  return { variables, complete };
}

/**
 * Of the mapping's `variables`, those some step's text uses (subject, body or AI instructions of
 * any step's template, `templateIds` as for mappingVariablesOf): a declared variable no step
 * writes out gets no question at save, since no email would miss it. When a step's template is
 * not loaded here its text is unknown, so every variable counts.
 */
export function usedMappingVariables(
  variables: readonly string[],
  templateIds: readonly (number | null)[],
  templates:
    | readonly Pick<Template, 'id' | 'subjectTemplate' | 'bodyTemplate' | 'aiInstructions'>[]
    | undefined,
): string[] {
  const texts: (string | null)[] = [];
  for (const id of templateIds) {
    if (id === null) continue;
    const template = templates?.find((t) => t.id === id);
    if (!template) return [...variables];
    texts.push(template.subjectTemplate, template.bodyTemplate, template.aiInstructions);
  }
  return referencedVariables(variables, texts);
}

/** A variable the mapping leaves without a column, and the column it most likely meant. */
export interface UnmappedVariable {
  variable: string;
  /** The column automap's rules pick among the columns nothing else uses; null when none fits. */
  likely: string | null;
}

/**
 * docs/product.md §3: what the editor warns about at save. A variable counts when it has no column
 * and was not set to "None" on purpose; the email is left out (submit requires it anyway). Empty
 * without columns to choose from.
 */
export function unmappedVariables(
  variables: readonly string[],
  mapping: ColumnMapping,
  columns: readonly string[],
): UnmappedVariable[] {
  if (columns.length === 0) return [];
  const used = new Set(Object.values(mapping).filter(isMappedColumn));
  const free = columns.filter((column) => !used.has(column));
  const unmapped: UnmappedVariable[] = [];
  for (const variable of variables) {
    if (variable === 'email' || isMappedColumn(mapping[variable]) || mapping[variable] === MAPPING_NONE)
      continue;
    const likely = likelyColumn(variable, free);
    unmapped.push({ variable, likely });
    // One column is offered to one variable only, as automap would use it once.
    if (likely) free.splice(free.indexOf(likely), 1);
  }
  return unmapped;
}
