/** docs/product.md §3: synonyms that count as a partial match for a variable containing the key. */
const SYNONYMS: Record<string, string[]> = {
  email: ['e-mail', 'mail'],
  name: ['full', 'first'],
  company: ['organization', 'organisation', 'org'],
  phone: ['mobile', 'tel'],
};

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Maps template variables to CSV columns: exact case-insensitive matches first, then partial
 * matches (one name inside the other), then docs/product.md §3's synonyms. A column is used at most once;
 * variables with no match are left out.
 */
export function automapByRules(variables: string[], columns: string[]): Record<string, string> {
  const mapping: Record<string, string> = {};
  const used = new Set<string>();
  const passes: ((variable: string, column: string) => boolean)[] = [
    (v, c) => c.trim().toLowerCase() === v.toLowerCase() || norm(c) === norm(v),
    (v, c) => norm(c).length >= 3 && (norm(c).includes(norm(v)) || norm(v).includes(norm(c))),
    (v, c) =>
      Object.entries(SYNONYMS).some(
        ([key, synonyms]) =>
          norm(v).includes(key) && [key, ...synonyms].some((s) => c.toLowerCase().includes(s.toLowerCase())),
      ),
  ];
  for (const matches of passes) {
    for (const variable of variables) {
      if (mapping[variable]) continue;
      const column = columns.find((c) => !used.has(c) && matches(variable, c));
      if (column) {
        mapping[variable] = column;
        used.add(column);
      }
    }
  }
  return mapping;
}
