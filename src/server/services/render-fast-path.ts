import { filters, type Liquid, Output, type Template, TypeGuards } from 'liquidjs';

/**
 * Renders a parsed part by concatenation, or returns undefined when a value it looks up is neither
 * a string nor absent, in which case liquidjs must render the part (its stringify/truthiness rules for numbers,
 * booleans and objects are not worth copying for values that CSV imports never produce).
 */
export type FastRender = (scope: Readonly<Record<string, unknown>>) => string | undefined;

type Lookup = { name: string; fallback: string | undefined };

// A missing `size` renders the size of liquidjs's (empty) globals, "0", not ""; not worth copying.
const SPECIAL_NAMES = new Set(['size']);

/**
 * Compiles a part that liquidjs has parsed into literal text and `{{ name }}` /
 * `{{ name | default: "literal" }}` lookups, which is what nearly every template is; liquidjs
 * renders those ~10× slower than concatenation. Returns undefined for anything else (tags, other
 * filters, dotted or bracket lookups, literals, non-string defaults), which liquidjs keeps rendering.
 * The parsed templates are read rather than the source, so whitespace control (`{{-`, `-}}`),
 * already applied to the neighbouring text by liquidjs's tokenizer, and string escapes in the
 * default are liquidjs's own.
 */
export function compileFastPath(templates: Template[], engine: Liquid): FastRender | undefined {
  const { outputEscape, ownPropertyOnly, strictVariables, globals, keepOutputType } = engine.options;
  // What is mirrored below: liquidjs's own filters, own-property lookups, no globals, missing
  // variables rendering as nothing. Any other engine set-up is left to liquidjs.
  if (outputEscape && outputEscape !== filters.escape) return undefined;
  if (engine.filters.default !== filters.default) return undefined;
  if (!ownPropertyOnly || strictVariables || keepOutputType || Object.keys(globals).length) return undefined;
  const escapeValue = outputEscape ? escapeHtml : (s: string) => s;

  const pieces: (string | Lookup)[] = [];
  for (const t of templates) {
    let piece: string | Lookup | undefined;
    if (TypeGuards.isHTMLToken(t.token)) piece = t.token.getContent();
    else if (t instanceof Output) piece = lookupOf(t, !!outputEscape);
    if (piece === undefined) return undefined;
    const last = pieces.length - 1;
    if (typeof piece === 'string' && typeof pieces[last] === 'string') pieces[last] += piece;
    else pieces.push(piece);
  }
  // The default is a literal, so it is escaped once here rather than per recipient.
  const compiled = pieces.map((p) =>
    typeof p === 'string' ? p : { name: p.name, fallback: p.fallback && escapeValue(p.fallback) },
  );

  return (scope) => {
    let out = '';
    for (const p of compiled) {
      if (typeof p === 'string') {
        out += p;
        continue;
      }
      // ownPropertyOnly: an inherited name (`constructor`) is as missing as an absent one.
      const value = Object.hasOwn(scope, p.name) ? scope[p.name] : undefined;
      if (value === undefined) out += p.fallback ?? '';
      else if (typeof value !== 'string') return undefined;
      // liquidjs's `default` replaces only the empty string: whitespace-only values are kept.
      else out += value === '' && p.fallback !== undefined ? p.fallback : escapeValue(value);
    }
    return out;
  };
}

/** `{{ name }}` or `{{ name | default: "literal" }}`, read from liquidjs's parsed output. */
function lookupOf(output: Output, autoEscaped: boolean): Lookup | undefined {
  let userFilters = output.value.filters;
  if (autoEscaped) {
    // liquidjs appends the escape filter unless the last filter is `raw`, which then stays last.
    if (userFilters.at(-1)?.raw !== false) return undefined;
    userFilters = userFilters.slice(0, -1);
  }
  const [access, ...rest] = output.value.initial.postfix;
  if (rest.length || !TypeGuards.isPropertyAccessToken(access) || access.variable) return undefined;
  const [identifier, ...path] = access.props;
  if (path.length || !TypeGuards.isWordToken(identifier) || SPECIAL_NAMES.has(identifier.content)) {
    return undefined;
  }
  if (userFilters.length === 0) return { name: identifier.content, fallback: undefined };
  const [filter, ...more] = userFilters;
  const [arg, ...moreArgs] = filter?.args ?? [];
  if (more.length || filter?.name !== 'default' || moreArgs.length || !TypeGuards.isQuotedToken(arg)) {
    return undefined;
  }
  return { name: identifier.content, fallback: arg.content };
}

// liquidjs's `escape` filter: exactly these five characters, with numeric entities for the quotes.
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
};
const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;

function escapeHtml(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPES[c]!) : text;
}
