import fc from 'fast-check';
import { Liquid } from 'liquidjs';
import { describe, expect, it } from 'vitest';
import { compileFastPath } from './render-fast-path';
import { compileTemplate, type RecipientValues } from './render-template';

/** Fixed, so CI runs the same cases every time; FUZZ_SEED=<n> and FUZZ_RUNS=<n> explore others. fast-check prints the seed of a failure. */
const SEED = Number(process.env.FUZZ_SEED ?? 2_020);
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);

// The engines render-template.ts builds, so the fast path is held to liquidjs itself.
const OPTIONS = { ownPropertyOnly: true, strictFilters: true, strictVariables: false } as const;
const htmlEngine = new Liquid({ ...OPTIONS, outputEscape: 'escape' });
const textEngine = new Liquid(OPTIONS);

// Names that exist on every object, or that liquidjs treats specially, next to ordinary ones.
const NAMES = [
  'first_name',
  'company',
  'a',
  'x1',
  'a-b',
  'first',
  'last',
  'constructor',
  'toString',
  '__proto__',
];
const name = fc.constantFrom(...NAMES);

const awkward = (chars: string[]) =>
  fc.string({ unit: fc.oneof(fc.constantFrom(...chars), fc.string({ unit: 'grapheme', maxLength: 2 })) });

/** Text between outputs; a `{{`, `{%` or trailing `{` would make it Liquid instead of text. */
const literal = awkward([
  '<',
  '>',
  '&',
  '"',
  "'",
  '{',
  '}',
  '%',
  '-',
  ' ',
  '\t',
  '\n',
  '\r\n',
  'é',
  '😀',
  '&amp;',
]).filter((s) => !/\{\{|\{%|\{$/.test(s));

const space = fc.constantFrom('', ' ', '  ', '\n', '\t ');
const quoted = fc.oneof(
  awkward(['<', '>', '&', "'", '{', '}', '}}', ' ', '\n', '|']).map((s) => `"${s.replaceAll('"', '')}"`),
  awkward(['<', '>', '&', '"', '{', '}', '}}', ' ', '\n', '|']).map((s) => `'${s.replaceAll("'", '')}'`),
);
/** `{{ name }}` or `{{ name | default: "…" }}`, with whitespace control and spacing varied. */
const simpleOutput = fc
  .record({
    open: fc.constantFrom('{{', '{{-'),
    close: fc.constantFrom('}}', '-}}'),
    name,
    def: fc.option(quoted, { nil: undefined }),
    s: fc.tuple(space, space, space, space),
  })
  .map(
    ({ open, close, name, def, s }) =>
      `${open}${s[0]}${name}${s[1]}${def === undefined ? '' : `|${s[2]}default:${s[3]}${def}${s[1]}`}${close}`,
  );

const simpleTemplate = fc
  .array(fc.oneof(literal, simpleOutput), { maxLength: 8 })
  .map((parts) => parts.join(''));

/** Strings of all kinds a CSV cell can hold, including what `default` and escaping care about. */
const text = fc.oneof(
  fc.constantFrom('', ' ', '  \n', '\t', 'Ada', '<b>Tom & "Jerry"</b>', "O'Brien", '&amp;', '{{ a }}', 'é😀'),
  awkward(['<', '>', '&', '"', "'", ' ', '\n']),
);
const values = fc.dictionary(name, fc.option(text, { nil: undefined }), { maxKeys: 6 });
/** Values the app's types do not allow but JSON data could hold: the fast path must hand them back. */
const oddValues = fc.dictionary(
  name,
  fc.oneof(text, fc.constantFrom(0, 42, -1.5, true, false, null, [], ['x'], {})),
  {
    maxKeys: 6,
  },
);

const parseOrUndefined = (engine: Liquid, source: string) => {
  try {
    return engine.parse(source);
  } catch {
    return undefined;
  }
};

describe('compileFastPath', () => {
  it.each([
    ['body', htmlEngine],
    ['subject', textEngine],
  ])('renders simple %s templates byte for byte as liquidjs does', (_, engine) => {
    let rendered = 0;
    fc.assert(
      fc.property(simpleTemplate, values, (source, scope) => {
        const templates = parseOrUndefined(engine, source);
        if (!templates) return; // a default with an unterminated escape: liquidjs refuses it, no fast path needed
        const fast = compileFastPath(templates, engine);
        expect(fast).toBeDefined();
        expect(fast?.(scope)).toBe(engine.renderSync(templates, scope));
        rendered++;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(rendered).toBeGreaterThan(RUNS * 0.9);
  });

  it('hands values that are not strings back to liquidjs, or renders them as it does', () => {
    fc.assert(
      fc.property(simpleTemplate, oddValues, (source, scope) => {
        const templates = parseOrUndefined(htmlEngine, source);
        if (!templates) return;
        const out = compileFastPath(templates, htmlEngine)?.(scope);
        if (out !== undefined) expect(out).toBe(htmlEngine.renderSync(templates, scope));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it.each([
    '{% if a %}x{% endif %}',
    '{{ a | upcase }}',
    '{{ a | escape }}',
    '{{ a | raw }}',
    '{{ a.b }}',
    '{{ a["b"] }}',
    '{{ "text" }}',
    '{{ nil }}',
    '{{ size }}',
    '{{ a | default: b }}',
    '{{ a | default: 3 }}',
    '{{ a | default: "x", allow_false: true }}',
    '{{ a | default: "x" | default: "y" }}',
  ])('leaves %s to liquidjs', (source) => {
    expect(compileFastPath(htmlEngine.parse(source), htmlEngine)).toBeUndefined();
  });
});

/** Templates mixing simple outputs with what only liquidjs renders. */
const fallbackPiece = fc.constantFrom(
  '{% if company %}<b>{{ company }}</b>{% else %}none{% endif %}',
  '{{ company | upcase }}',
  '{{ first_name | raw }}',
  '{{ a.b }}',
  '{{ size }}',
  '{% raw %}{{ a }}{% endraw %}',
);
const anyTemplate = fc
  .array(fc.oneof({ weight: 4, arbitrary: fc.oneof(literal, simpleOutput) }, fallbackPiece), { maxLength: 8 })
  .map((parts) => parts.join(''));

/** What a call returned, or the message it threw (broken Liquid, for one), to compare both paths. */
function outcome<T>(call: () => T): T | { threw: string } {
  try {
    return call();
  } catch (err) {
    return { threw: String(err) };
  }
}

describe('compileTemplate', () => {
  it('renders subject, body and missing variables exactly as liquidjs alone does', () => {
    fc.assert(
      fc.property(anyTemplate, anyTemplate, values, (subject, body, recipient: RecipientValues) => {
        const fast = outcome(() => compileTemplate(subject, body).render(recipient));
        expect(fast).toEqual(
          outcome(() => compileTemplate(subject, body, { fastPath: false }).render(recipient)),
        );
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('renders a template with a tag or another filter through liquidjs', () => {
    const compiled = compileTemplate(
      '{{ company | upcase }} for {{ first_name | default: "you" }}',
      '<p>{% if company %}At {{ company }}{% else %}Hello{% endif %}, {{ first_name | default: "there" }}</p>',
    );
    expect(compiled.render({ company: 'Tom & Jerry' })).toEqual({
      subject: 'TOM & JERRY for you',
      body: '<p>At Tom &amp; Jerry, there</p>',
      missingVariables: [],
    });
    expect(compiled.render({ first_name: 'Ada' }).body).toBe('<p>Hello, Ada</p>');
  });
});
