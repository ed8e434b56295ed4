/**
 * docs/product.md §3: words that count as a match for a variable containing the key. Kept short and
 * readable, so a user can tell why automap chose a column: `info` takes a `Notes` column because
 * both name free-text facts about the recipient.
 */
const SYNONYMS: Record<string, string[]> = {
  email: ['e-mail', 'mail'],
  name: ['full', 'first'],
  company: ['organization', 'organisation', 'org', 'employer', 'business'],
  phone: ['mobile', 'tel'],
  info: [
    'notes',
    'note',
    'details',
    'comments',
    'comment',
    'about',
    'description',
    'bio',
    'background',
    'context',
  ],
  notes: ['info', 'details', 'comments', 'comment', 'remarks', 'description', 'about'],
  title: ['position', 'role', 'job'],
  city: ['location', 'town'],
  website: ['url', 'site', 'domain', 'homepage'],
};

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

const PASSES: ((variable: string, column: string) => boolean)[] = [
  (v, c) => c.trim().toLowerCase() === v.toLowerCase() || norm(c) === norm(v),
  (v, c) => norm(c).length >= 3 && (norm(c).includes(norm(v)) || norm(v).includes(norm(c))),
  (v, c) =>
    Object.entries(SYNONYMS).some(
      ([key, synonyms]) =>
        norm(v).includes(key) && [key, ...synonyms].some((s) => c.toLowerCase().includes(s.toLowerCase())),
    ),
];

/**
 * Maps template variables to CSV columns: exact case-insensitive matches first, then partial
 * matches (one name inside the other), then docs/product.md §3's synonyms. A column is used at most once;
 * variables with no match are left out.
 */
export function automapByRules(
  variables: readonly string[],
  columns: readonly string[],
): Record<string, string> {
  const mapping: Record<string, string> = {};
  const used = new Set<string>();
  for (const matches of PASSES) {
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

/**
 * The column the rules would pick for one variable among `free` (columns no other variable
 * uses), or null: what the campaign editor offers when a variable is left unmapped at save.
 */
export function likelyColumn(variable: string, free: readonly string[]): string | null {
  return automapByRules([variable], free)[variable] ?? null;
}
