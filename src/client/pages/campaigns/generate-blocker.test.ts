import { describe, expect, it } from 'vitest';
import { generateBlocker, NO_RECIPIENTS, NO_TEMPLATE, VARIABLES_CHANGED } from './generate-blocker';

const ready = { templateId: 3, recipientCount: 30, columnMapping: { email: 'E-mail', first_name: 'First' } };
const variables = ['email', 'first_name', 'company'];

describe('generateBlocker', () => {
  it('lets a complete draft generate', () => {
    expect(generateBlocker(ready, variables)).toBeNull();
  });

  it('checks template, then recipients, then the mapping', () => {
    expect(generateBlocker({ templateId: null, recipientCount: 0, columnMapping: {} }, undefined)).toBe(
      NO_TEMPLATE,
    );
    expect(generateBlocker({ ...ready, recipientCount: 0, columnMapping: {} }, variables)).toBe(
      NO_RECIPIENTS,
    );
    expect(generateBlocker({ ...ready, columnMapping: { first_name: 'First' } }, variables)).toBe(
      VARIABLES_CHANGED,
    );
  });

  it('names the first follow-up without a template, after the campaign template and before recipients', () => {
    const steps = [{ templateId: 5 }, { templateId: null }, { templateId: null }];
    expect(generateBlocker({ ...ready, recipientCount: 0, steps }, variables)).toBe(
      'Select a template for step 3',
    );
    expect(generateBlocker({ ...ready, templateId: null, steps }, variables)).toBe(NO_TEMPLATE);
    expect(generateBlocker({ ...ready, steps: [{ templateId: 5 }] }, variables)).toBeNull();
  });

  it('spots a mapping made for an older version of the template', () => {
    expect(generateBlocker(ready, ['email', 'company'])).toBe(VARIABLES_CHANGED);
  });

  it('leaves the mapping to the server when the template is unknown here', () => {
    expect(generateBlocker({ ...ready, columnMapping: {} }, undefined)).toBeNull();
  });
});
