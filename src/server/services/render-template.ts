import { Liquid, type Template, TokenKind } from 'liquidjs';
import { AppError } from '../errors';
import { compileFastPath, type FastRender } from './render-fast-path';
import { sanitizeRichText } from './sanitize-html';

export type RecipientValues = Record<string, string | null | undefined>;
export type RenderedEmail = { subject: string; body: string; missingVariables: string[] };

export type CompiledTemplate = {
  render(values: RecipientValues): RenderedEmail;
  /** Every variable the subject or body outputs. */
  variables: string[];
};

const LIQUID_OPTIONS = { ownPropertyOnly: true, strictFilters: true, strictVariables: false } as const;
// Bodies are HTML: every value is escaped on output, so a CSV cell like <script> arrives as text.
const htmlEngine = new Liquid({ ...LIQUID_OPTIONS, outputEscape: 'escape' });
// Subjects are plain text headers: escaping would turn "Tom & Jerry" into "Tom &amp; Jerry".
const textEngine = new Liquid(LIQUID_OPTIONS);

/**
 * Parses a template once for rendering many recipients (`{{ var }}`, `{{ var | default: "…" }}`).
 * The body is sanitised here, once; per-recipient output is then safe because values are escaped
 * into text. Only when a value lands inside a tag (e.g. `<a href="{{ url }}">`, where escaping
 * cannot stop a javascript: URL) is each rendered body sanitised again.
 * Throws AppError('bad_request') when the Liquid syntax is broken.
 *
 * Plain `{{ var }}` / `{{ var | default: "…" }}` parts render by concatenation (render-fast-path),
 * byte for byte as liquidjs would; `options.fastPath: false` renders everything with liquidjs,
 * which the tests compare against.
 */
export function compileTemplate(
  subjectTemplate: string,
  bodyTemplate: string,
  options: { fastPath?: boolean } = {},
): CompiledTemplate {
  const subject = parse(textEngine, subjectTemplate, 'subject');
  const body = parse(htmlEngine, sanitizeRichText(bodyTemplate), 'body');
  const fastPath = options.fastPath ?? true;
  const fastSubject = fastPath ? compileFastPath(subject, textEngine) : undefined;
  const fastBody = fastPath ? compileFastPath(body, htmlEngine) : undefined;
  const outputs = [...outputsOf(subject), ...outputsOf(body)];
  const required = unique(outputs.filter((o) => !o.hasDefault).map((o) => o.variable));
  const valueInsideTag = bodyHasOutputInsideTag(body);

  return {
    variables: unique(outputs.map((o) => o.variable)),
    render(values) {
      const scope = withoutNulls(values);
      const renderedBody = renderPart(fastBody, htmlEngine, body, scope);
      return {
        subject: renderPart(fastSubject, textEngine, subject, scope).replace(/\s+/g, ' ').trim(),
        body: valueInsideTag ? sanitizeRichText(renderedBody) : renderedBody,
        // Own keys only: a column named like a built-in ("constructor") is not an inherited function.
        missingVariables: required.filter((name) => !(Object.hasOwn(scope, name) && scope[name]!.trim())),
      };
    },
  };
}

/** One-off render (previews): compile and render in one call. */
export function renderTemplate(subjectTemplate: string, bodyTemplate: string, values: RecipientValues) {
  return compileTemplate(subjectTemplate, bodyTemplate).render(values);
}

/** The fast path's result, or liquidjs's when there is no fast path or it handed a value back. */
function renderPart(
  fast: FastRender | undefined,
  engine: Liquid,
  templates: Template[],
  scope: Record<string, string>,
) {
  return fast?.(scope) ?? (engine.renderSync(templates, scope) as string);
}

type OutputInfo = { variable: string; hasDefault: boolean };

function parse(engine: Liquid, source: string, part: 'subject' | 'body'): Template[] {
  try {
    return engine.parse(source);
  } catch (err) {
    const detail = err instanceof Error ? err.message.split(',')[0] : 'syntax error';
    throw new AppError('bad_request', `The ${part} template cannot be read: ${detail}`);
  }
}

/** `{{ first_name | default: "there" }}` → { variable: 'first_name', hasDefault: true }. */
function outputsOf(templates: Template[]): OutputInfo[] {
  const found: OutputInfo[] = [];
  for (const t of templates) {
    if (t.token.kind !== TokenKind.Output) continue;
    const [expression = '', ...filters] = t.token
      .getText()
      .replace(/^\{\{-?|-?\}\}$/g, '')
      .split('|');
    const variable = expression.trim().split(/[.[\s]/)[0]!;
    if (!/^[A-Za-z_]\w*$/.test(variable)) continue;
    found.push({ variable, hasDefault: filters.some((f) => f.trim().startsWith('default')) });
  }
  return found;
}

function bodyHasOutputInsideTag(templates: Template[]): boolean {
  let html = '';
  for (const t of templates) {
    // Any output or tag (an {% if %} can assemble a javascript: URL) between < and > counts.
    if (t.token.kind !== TokenKind.HTML && html.lastIndexOf('<') > html.lastIndexOf('>')) return true;
    html += t.token.kind === TokenKind.HTML ? t.token.getText() : 'x';
  }
  return false;
}

function withoutNulls(values: RecipientValues): Record<string, string> {
  const scope: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v != null) scope[k] = v;
  return scope;
}

const unique = (items: string[]) => [...new Set(items)];
