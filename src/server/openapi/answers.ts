/**
 * What the table cannot say about a call: requests that are not JSON, answers that are not JSON,
 * and the errors a call's own rules (beyond its schemas and access) can answer with. Keyed by
 * operationId; the document builder fails on a call without `reply` that is missing here, so a new
 * file, redirect or stream route cannot be described as answering nothing.
 */

export type MediaAnswer = {
  status: 200 | 302;
  description: string;
  /** Media type → schema; none for a redirect. */
  content?: Record<string, { schema: Record<string, unknown> }>;
  headers?: Record<string, { description: string; schema: Record<string, unknown> }>;
};

const redirect = (description: string): MediaAnswer => ({
  status: 302,
  description,
  headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } },
});

const file = (type: string, description: string): MediaAnswer => ({
  status: 200,
  description,
  content: { [type]: { schema: { type: 'string' } } },
});

export const NON_JSON_ANSWERS: Record<string, MediaAnswer> = {
  'auth.start': redirect("To the provider's sign-in page; 404 when that provider is not configured"),
  'auth.callback': redirect('To the app, signed in, or with `?signin=` naming why sign-in failed'),
  'auth.login': redirect('To the configured sign-in'),
  'mailboxes.connect': redirect(
    "To the provider's consent page, back through the sign-in callback to Settings with `?connect=` naming how it ended",
  ),
  'settings.exportData': file('text/csv', 'A CSV file of all the data of the workspace'),
  'campaigns.exportUnsubscribers': file('text/csv', "A CSV file of the campaign's unsubscribers"),
  'workspaces.exportAudit': file('text/csv', "A CSV file of the workspace's audit trail"),
  'emails.raw': file('message/rfc822', 'The message exactly as it was sent (.eml)'),
  'campaigns.generateEmails': {
    status: 200,
    description:
      'A server-sent event stream of progress: `progress` events `{ processed, total, failed }`, then ' +
      'one `complete` event with the same fields (or `error` with `{ message }`). Closing it stops ' +
      'only the stream; posting again follows the generation still running.',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  },
  'docs.openapi': {
    status: 200,
    description: 'This document',
    content: { 'application/json': { schema: { type: 'object' } } },
  },
  'docs.reference': file('text/html', 'This document as a page for people'),
};

/** Calls whose request body is a form with a file rather than JSON. */
export const MULTIPART_BODIES: Record<string, Record<string, unknown>> = {
  'campaigns.uploadCsv': {
    type: 'object',
    required: ['csvFile'],
    properties: {
      csvFile: { type: 'string', contentMediaType: 'text/csv', description: 'The recipients, one a row' },
      columnMapping: {
        type: 'string',
        contentMediaType: 'application/json',
        description:
          "A JSON object from each of the template's variables to a column of the file " +
          '(`{"email":"Email"}`); without it the campaign\'s saved mapping is used',
      },
    },
  },
};

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 502 | 503;

/**
 * Errors a call's own rules can answer with (docs/product.md §10), beyond those its schemas and
 * access imply (400, 401, 403, 404), which the builder adds itself.
 */
export const RULE_ERRORS: Record<string, ErrorStatus[]> = {
  'auth.local': [404, 429],
  'auth.start': [404, 429],
  'auth.callback': [429],
  'campaigns.create': [409],
  'campaigns.update': [409],
  'campaigns.uploadCsv': [409, 413, 422],
  'campaigns.generateEmails': [409, 503],
  'campaigns.regenerateStep': [409, 503],
  'campaigns.sendApproved': [409],
  'emails.update': [409],
  'emails.send': [409],
  'emails.resolve': [409],
  'emails.test': [429, 502],
  'mailbox.syncNow': [409, 503],
  'templates.generate': [502, 503],
  'templates.generatePrompt': [502, 503],
  'templates.generateEmail': [502, 503],
  'templates.generateImage': [502, 503],
  'settings.checkDns': [502],
  'workspaces.changeRole': [409],
  'workspaces.removeMember': [409],
  'workspaces.accept': [409],
  'mailboxes.create': [422],
  'mailboxes.update': [422],
  'mailboxes.remove': [409],
  'mailboxes.connect': [404, 429],
  'inbox.message': [409, 502],
  'inbox.assignee': [422],
  'inbox.answer': [409],
  'inbox.cancelAnswer': [409],
  'inbox.suggestion': [409, 502, 503],
  'inbox.addColleague': [409, 422, 503],
};
