import type { OpenApiDocument, Operation } from './document';
import type { JsonSchema } from './json-schema';
import { sampleOf } from './sample';

/** Everything written into the page goes through this: the document holds text from the contract. */
export const escapeHtml = (text: unknown) =>
  String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Text with the document's little markdown (`**bold**`, `` `code` ``), escaped before it is marked up. */
const prose = (text: unknown) =>
  escapeHtml(text)
    .replace(/\*\*([^*]+)\*\*/g, '<b>$1</b>')
    .replace(/`([^`]+)`/g, '<code>$1</code>');

/** A value as indented JSON, escaped, with each component reference a link to that component. */
function json(value: unknown): string {
  return escapeHtml(JSON.stringify(value, null, 2)).replace(
    /&quot;#\/components\/schemas\/([A-Za-z0-9_]+)&quot;/g,
    '<a href="#schema-$1">&quot;#/components/schemas/$1&quot;</a>',
  );
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1rem 2rem;color:#1a1b1e}
h2{border-bottom:1px solid #ddd;margin-top:2.5rem}h3{margin:1.5rem 0 .25rem;font-size:1.05rem}
code,pre{font:13px/1.4 ui-monospace,monospace}pre{background:#f6f7f9;padding:.75rem;overflow:auto;border-radius:4px}
.method{display:inline-block;min-width:4.5em;font-weight:700;color:#1864ab}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
nav a{margin-right:1rem}details{margin:.25rem 0}summary{cursor:pointer}`;

type Resolve = (schema: unknown) => unknown;

function parametersTable(operation: Operation, resolve: Resolve): string {
  const parameters = (operation.parameters ?? []) as JsonSchema[];
  if (!parameters.length) return '';
  const rows = parameters.map((raw) => {
    const p = resolve(raw) as JsonSchema;
    const schema = (p.schema ?? {}) as JsonSchema;
    const type = Array.isArray(schema.enum) ? schema.enum.join(' | ') : String(schema.type ?? '');
    return `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${
      p.required ? 'yes' : 'no'
    }</td><td>${escapeHtml(type)}</td><td>${prose(p.description ?? '')}</td></tr>`;
  });
  return `<table><tr><th>Parameter</th><th>In</th><th>Required</th><th>Type</th><th>About</th></tr>${rows.join('')}</table>`;
}

function content(body: JsonSchema | undefined, components: Record<string, JsonSchema>): string {
  const media = (body?.content ?? {}) as Record<string, { schema?: JsonSchema }>;
  return Object.entries(media)
    .map(([type, { schema }]) => {
      const example =
        type === 'application/json' && schema
          ? `<p>Example:</p><pre>${escapeHtml(JSON.stringify(sampleOf(schema, components), null, 2))}</pre>`
          : '';
      return `<p><code>${escapeHtml(type)}</code></p>${example}${
        schema ? `<details><summary>Schema</summary><pre>${json(schema)}</pre></details>` : ''
      }`;
    })
    .join('');
}

function operationSection(
  method: string,
  path: string,
  op: Operation,
  doc: OpenApiDocument,
  resolve: Resolve,
) {
  const components = doc.components.schemas as Record<string, JsonSchema>;
  const responses = Object.entries((op.responses ?? {}) as Record<string, JsonSchema>).map(
    ([status, raw]) => {
      const response = resolve(raw) as JsonSchema;
      const body = status.startsWith('2') ? content(response, components) : '';
      return `<li><b>${escapeHtml(status)}</b> ${prose(response.description ?? '')}${body}</li>`;
    },
  );
  const request = op.requestBody
    ? `<h4>Request body</h4>${content(op.requestBody as JsonSchema, components)}`
    : '';
  return `<section id="op-${escapeHtml(op.operationId)}">
<h3><span class="method">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary ?? '')} — <code>${escapeHtml(op.operationId)}</code></p>
<p>${prose(op.description ?? '')}</p>
${parametersTable(op, resolve)}${request}<h4>Responses</h4><ul>${responses.join('')}</ul></section>`;
}

/** The document as one page for people: operations by tag, then webhooks, then the schemas. */
export function renderReferencePage(doc: OpenApiDocument, documentUrl: string): string {
  const resolve: Resolve = (node) => {
    const ref = (node as JsonSchema | null)?.$ref;
    if (typeof ref !== 'string') return node;
    const [, , kind, name] = ref.split('/');
    return doc.components[kind!]?.[name!] ?? node;
  };
  const info = doc.info as JsonSchema;
  const tags = (doc.tags ?? []) as { name: string; description: string }[];
  const sections = tags.map((tag) => {
    const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.tags.includes(tag.name))
        .map(([method, op]) => operationSection(method, path, op, doc, resolve)),
    );
    return `<h2 id="tag-${escapeHtml(tag.name)}">${escapeHtml(tag.name)}</h2><p>${escapeHtml(tag.description)}</p>${ops.join('')}`;
  });
  const webhooks = Object.entries((doc.webhooks ?? {}) as Record<string, { post: Operation }>).map(
    ([type, item]) => operationSection('post', type, item.post, doc, resolve),
  );
  const schemas = Object.entries(doc.components.schemas as Record<string, JsonSchema>).map(
    ([name, schema]) =>
      `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3><pre>${json(schema)}</pre></section>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} reference</title><style>${STYLE}</style></head><body>
<h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>
<p>${prose(info.description)}</p>
<p>The machine-readable document: <a href="${escapeHtml(documentUrl)}">${escapeHtml(documentUrl)}</a> (OpenAPI ${escapeHtml(doc.openapi)}).</p>
<nav>${tags.map((t) => `<a href="#tag-${escapeHtml(t.name)}">${escapeHtml(t.name)}</a>`).join('')}<a href="#webhooks">webhooks</a><a href="#schemas">schemas</a></nav>
${sections.join('\n')}
<h2 id="webhooks">webhooks</h2><p>Events Tailor POSTs to a workspace's webhook endpoints (Standard Webhooks).</p>${webhooks.join('\n')}
<h2 id="schemas">schemas</h2>${schemas.join('\n')}
</body></html>`;
}
