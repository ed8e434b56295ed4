import sanitizeHtml from 'sanitize-html';

/**
 * An answer's HTML as the inbox shows it: what mail programs write for people to read (text,
 * formatting, lists, tables, links and images), nothing that runs or reaches out by itself:
 * scripts, styles, forms, frames, event handlers and javascript: URLs go. Links open in a new
 * tab and tell the site nothing about where they were clicked.
 */
const ANSWER_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['p', 'br', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'small', 'big', 'font'],
    ...['a', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'hr', 'img', 'sub', 'sup', 'mark', 'center'],
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption'],
  ],
  allowedAttributes: {
    // target and rel come from the transform below, whatever the message said.
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align', 'valign'],
    th: ['colspan', 'rowspan', 'align', 'valign'],
    table: ['border', 'cellpadding', 'cellspacing', 'width'],
    '*': ['style'],
  },
  // Only what arranges text: no url(), no positioning that could cover the app's own controls.
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      color: [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d+\s*,\s*\d+\s*,\s*\d+\s*\)$/, /^[a-z]+$/i],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|none|line-through)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

/** The allow-list above, remote images kept: the form kept for a workspace that keeps answers. */
export function sanitiseAnswerHtml(html: string): string {
  return sanitizeHtml(html, ANSWER_HTML);
}

/**
 * Remote images (http and https) taken out until the person allows them, each replaced by a
 * marker: loading one tells the sender the message was opened, and when, and from where. Images
 * carried in the message itself (data: URIs) stay.
 */
export function withoutRemoteImages(html: string): { html: string; blocked: number } {
  let blocked = 0;
  const out = sanitizeHtml(html, {
    // The input went through the allow-list above: this pass only replaces images (so the
    // library's warning about tags it cannot vouch for does not apply).
    allowVulnerableTags: true,
    allowedTags: false,
    allowedAttributes: false,
    allowedSchemes: ANSWER_HTML.allowedSchemes,
    allowedSchemesByTag: ANSWER_HTML.allowedSchemesByTag,
    transformTags: {
      img: (tagName, attribs) => {
        if (!/^https?:/i.test(attribs.src ?? '')) return { tagName, attribs };
        blocked++;
        return {
          tagName: 'span',
          attribs: { class: 'blocked-image', title: attribs.alt ?? '' },
          text: '[image]',
        };
      },
    },
  });
  return { html: out, blocked };
}
