import { MAPPING_NONE, MAPPING_SELECT } from '../../../contract/campaigns';

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
