import { escapeHtml } from '../lib/escape-html';
import type { UnsubscribeView } from '../services/unsubscribe';

/**
 * The public unsubscribe pages: self-contained HTML (no scripts, no external assets) that works in
 * any browser a recipient opens from any mail client. Every value from the database is escaped.
 */
export function confirmPage(view: UnsubscribeView): string {
  if (view.unsubscribed) {
    return page(
      'Already unsubscribed',
      `<p><strong>${escapeHtml(view.maskedEmail)}</strong> is already unsubscribed from emails from
      ${sender(view)}. Nothing more to do.</p>`,
    );
  }
  // No action attribute: the form posts back to this very URL, whatever host or prefix serves it.
  return page(
    'Unsubscribe',
    `<p>Stop receiving emails from ${sender(view)} at <strong>${escapeHtml(view.maskedEmail)}</strong>?</p>
    <form method="post">
      <input type="hidden" name="List-Unsubscribe" value="One-Click">
      <input type="hidden" name="via" value="page">
      <button type="submit">Unsubscribe</button>
    </form>`,
  );
}

export function unsubscribedPage(view: UnsubscribeView): string {
  return page(
    'You have been unsubscribed',
    `<p>You have been unsubscribed. <strong>${escapeHtml(view.maskedEmail)}</strong> will no longer receive
    emails from ${sender(view)}.</p>`,
  );
}

export function linkNotFoundPage(): string {
  return page(
    'Link not found',
    '<p>This unsubscribe link is not valid. If you copied it from an email, make sure the whole link was copied.</p>',
  );
}

function sender(view: UnsubscribeView): string {
  const { senderName, companyName } = view;
  if (senderName && companyName) return `${escapeHtml(senderName)} (${escapeHtml(companyName)})`;
  if (senderName || companyName) return escapeHtml((senderName ?? companyName)!);
  return 'this sender';
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; background: #f6f7f9;
    color: #1f2933; margin: 0; padding: 48px 16px; }
  main { max-width: 480px; margin: 0 auto; background: #fff; border-radius: 8px; padding: 32px;
    box-shadow: 0 1px 3px rgba(0, 0, 0, 0.1); }
  h1 { font-size: 1.4rem; margin: 0 0 16px; }
  p { line-height: 1.5; }
  button { font: inherit; background: #c92a2a; color: #fff; border: 0; border-radius: 6px;
    padding: 10px 20px; cursor: pointer; }
  button:focus-visible { outline: 3px solid #1c7ed6; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
}
