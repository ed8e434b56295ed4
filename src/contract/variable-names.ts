/**
 * `First Name` / `first-name` / `FirstName` → `first_name`: how template variable names are
 * stored. Shared so the editor shows the very name the server will keep.
 */
export function toSnakeCase(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}
