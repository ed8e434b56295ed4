import { api } from '../../contract/api';
import type { RouteDef } from '../../contract/route';

/** One call of the API table, named by its place in it: `campaigns.sendApproved`. */
export type RouteEntry = { operationId: string; tag: string; def: RouteDef };

/** Calls at the table's top level (not in a group) are filed under this tag. */
export const GENERAL_TAG = 'general';

/**
 * Every entry of `api` (src/contract/api.ts) in the table's order. The operationId is the entry's
 * path in the table, so it stays the same as long as the client's name for the call does.
 */
export function routeEntries(table: object = api): RouteEntry[] {
  const found: RouteEntry[] = [];
  const walk = (node: object, names: string[]) => {
    if ('method' in node && 'path' in node) {
      found.push({
        operationId: names.join('.'),
        tag: names.length > 1 ? names[0]! : GENERAL_TAG,
        def: node as RouteDef,
      });
      return;
    }
    for (const [key, child] of Object.entries(node)) walk(child, [...names, key]);
  };
  walk(table, []);
  return found;
}
