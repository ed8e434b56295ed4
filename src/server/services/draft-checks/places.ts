import { PLACE_TABLE } from './place-names';

/**
 * Whether a place a draft names is one its sources give: the same place under another name
 * ("Alcoy" for "Alcoi", "Munich" for "München"), a place holding one of theirs (the county,
 * region or country of the recipient's town), or one inside one of theirs. Only the places of
 * place-names.ts are known; the rest are judged by their words alone, as any other name.
 */

type Place = { names: string[]; parent: number | null; holdsOthers: boolean };

/** A place name without case, accents, hyphens or a leading article ("la Loire" is "loire"). */
export function placeKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[-–'’.()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:the|le|la|les|l|el|los|las|der|die|das|den|dem|des) /, '');
}

function parse(table: string) {
  const places: Place[] = [];
  const byName = new Map<string, number[]>();
  const add = (names: string[], parent: number | null, holdsOthers: boolean) => {
    const id = places.push({ names, parent, holdsOthers }) - 1;
    for (const name of names) {
      const key = placeKey(name);
      byName.set(key, [...(byName.get(key) ?? []), id]);
    }
    return id;
  };
  // The place each indentation holds: a line's parent is the last line indented less.
  const open: { indent: number; id: number }[] = [];
  for (const line of table.split('\n')) {
    if (!line.trim()) continue;
    const indent = line.length - line.trimStart().length;
    while (open.length && open.at(-1)!.indent >= indent) open.pop();
    const [head, towns] = line.trim().split(/:\s*/, 2) as [string, string | undefined];
    const id = add(head.split('|'), open.at(-1)?.id ?? null, true);
    open.push({ indent, id });
    for (const town of towns?.split(/,\s*/) ?? []) add(town.split('|'), id, false);
  }
  return { places, byName };
}

const { places, byName } = parse(PLACE_TABLE);
const longestName = Math.max(...[...byName.keys()].map((k) => k.split(' ').length));
const keysOf = places.map((p) => new Set(p.names.map(placeKey)));
/** The names of a place and of every place holding it. */
const withHolders = places.map((_, id) => {
  const keys = new Set(keysOf[id]);
  for (let at = places[id]!.parent; at !== null; at = places[at]!.parent)
    for (const k of keysOf[at]!) keys.add(k);
  return keys;
});
/** The names of a place and of every place it holds. */
const withHeld = places.map((_, id) => new Set(keysOf[id]));
for (const [id, place] of places.entries())
  for (let at = place.parent; at !== null; at = places[at]!.parent)
    for (const k of keysOf[id]!) withHeld[at]!.add(k);

/**
 * Whether a place the draft names says no more than a place of the sources: the same place, or
 * one holding it ("Warwickshire" for Warwick). Places are compared by name, so a country listed
 * twice (in Europe and in "DACH") is one. A place inside one of theirs says more ("your
 * Nottingham team" where they say "the Midlands"), and two towns of one county are news about
 * each other.
 */
function saysNoMore(named: number, source: number) {
  for (const k of withHolders[source]!) if (withHeld[named]!.has(k)) return true;
  return false;
}

/** The known places a name may mean ("Valencia": the city, the province and the region). */
export const placesNamed = (name: string) => byName.get(placeKey(name)) ?? [];

/**
 * The known places a text names. Written text (a row's values) counts a name only where it is
 * capitalised; lower-cased text (what the AI was given, as the checks receive it) only names of
 * four letters or more, so "us" is not the United States.
 */
export function placesIn(text: string, { lowerCased = false } = {}): Set<number> {
  const found = new Set<number>();
  const words = [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu)].map((m) => m[0]);
  // Each word's key once; a name of several words is its words' keys joined.
  const keys = words.map(placeKey);
  for (let i = 0; i < words.length; i++) {
    if (!lowerCased && !/^\p{Lu}/u.test(words[i]!)) continue;
    let key = '';
    for (let n = 1; n <= longestName && i + n <= words.length; n++) {
      key = n === 1 ? keys[i]! : `${key} ${keys[i + n - 1]}`;
      if (lowerCased && key.length < 4) continue;
      const ids = byName.get(key);
      if (ids) for (const id of ids) found.add(id);
    }
  }
  return found;
}

/** The known places a recipient's row and the AI's other sources name. */
export type PlacesGiven = { row: Set<number>; all: Set<number> };

/** A campaign's drafts share what the AI was given: its places are read once. */
const placesOfSources = new Map<string, Set<number>>();

export function placesGiven(rowValues: readonly string[], lowerCasedSources: string): PlacesGiven {
  const row = placesIn(rowValues.join('\n'));
  let shared = placesOfSources.get(lowerCasedSources);
  if (!shared) {
    shared = placesIn(lowerCasedSources, { lowerCased: true });
    if (placesOfSources.size >= 32) placesOfSources.clear();
    placesOfSources.set(lowerCasedSources, shared);
  }
  return { row, all: new Set([...row, ...shared]) };
}

/**
 * How a named place stands to the sources: "unknown" if the table does not know it; "given" if it
 * is or holds a place they name, or if it is a region (a county, a province) while the
 * row names no place the table knows, as the recipient's town may well lie in it (precision
 * first); "other" if it is a known place apart from all of theirs.
 */
export function judgePlace(name: string, given: PlacesGiven): 'unknown' | 'given' | 'other' {
  const ids = placesNamed(name);
  if (ids.length === 0) return 'unknown';
  if (ids.some((id) => [...given.all].some((g) => saysNoMore(id, g)))) return 'given';
  if (given.row.size === 0 && ids.some((id) => places[id]!.holdsOthers)) return 'given';
  return 'other';
}
