import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './document';
import { renderReferencePage } from './reference-page';
import { routeEntries } from './route-entries';

describe('the reference page', () => {
  it('escapes every text it takes from the document', () => {
    const doc = buildOpenApiDocument(routeEntries());
    const hostile = '<script>alert(1)</script>"\'&';
    doc.info = { ...(doc.info as object), title: hostile, description: hostile };
    const op = doc.paths['/api/campaigns']!.get!;
    op.summary = hostile;
    op.description = '<img src=x onerror="alert(2)"> **<i>b</i>** `<u>c</u>`';
    doc.components.schemas!.Campaign = { description: hostile, type: 'object' };
    const html = renderReferencePage(doc, '/api/openapi.json?"><script>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
    expect(html).toContain(
      '&lt;img src=x onerror=&quot;alert(2)&quot;&gt; <b>&lt;i&gt;b&lt;/i&gt;</b> <code>&lt;u&gt;c&lt;/u&gt;</code>',
    );
  });

  it('shows each operation with its parameters, an example body and its responses', () => {
    const html = renderReferencePage(buildOpenApiDocument(routeEntries()), '/api/openapi.json');
    const section = html.slice(html.indexOf('id="op-campaigns.sendApproved"'));
    const own = section.slice(0, section.indexOf('</section>'));
    expect(own).toContain('<code>/api/campaigns/{id}/send-approved</code>');
    expect(own).toContain('<td><code>x-tailor-workspace</code></td><td>header</td><td>no</td>');
    expect(own).toContain('&quot;scheduledFor&quot;: &quot;2025-03-01T09:00:00.000Z&quot;');
    expect(own).toContain('<b>403</b>');
    expect(own).toContain('the role <b>sender</b> or higher');
    expect(html).toContain('<section id="schema-Campaign">');
  });
});
