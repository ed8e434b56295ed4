import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../../../contract/campaigns';
import { DEFAULT_SEND_WINDOW, MAPPING_NONE } from '../../../../contract/campaigns';
import {
  type CampaignDraft,
  draftFromCampaign,
  newCampaignDraft,
  SUBMIT_PROBLEMS,
  saveBodyOf,
  submitProblem,
} from './campaign-draft';

const variables = ['email', 'first_name', 'company'];
const complete: CampaignDraft = {
  ...newCampaignDraft(),
  name: 'Spring launch',
  templateId: 4,
  columnMapping: { email: 'E-mail' },
};

describe('submitProblem', () => {
  it('accepts a complete draft', () => {
    expect(submitProblem(complete, { variables, hasRecipients: true })).toBeNull();
  });

  it("checks in docs/product.md §3's order: template, CSV, name, email mapping", () => {
    const empty = newCampaignDraft();
    expect(submitProblem(empty, { variables: null, hasRecipients: false })).toBe(SUBMIT_PROBLEMS.template);
    const withTemplate = { ...empty, templateId: 4 };
    expect(submitProblem(withTemplate, { variables, hasRecipients: false })).toBe(SUBMIT_PROBLEMS.csv);
    expect(submitProblem({ ...withTemplate, name: '   ' }, { variables, hasRecipients: true })).toBe(
      SUBMIT_PROBLEMS.name,
    );
    expect(submitProblem({ ...withTemplate, name: 'x' }, { variables, hasRecipients: true })).toBe(
      SUBMIT_PROBLEMS.email,
    );
  });

  it('treats None as an unmapped email column', () => {
    const draft = { ...complete, columnMapping: { email: MAPPING_NONE, first_name: 'First' } };
    expect(submitProblem(draft, { variables, hasRecipients: true })).toBe(SUBMIT_PROBLEMS.email);
  });

  it('needs no email mapping for a template without variables', () => {
    expect(
      submitProblem({ ...complete, columnMapping: {} }, { variables: [], hasRecipients: true }),
    ).toBeNull();
  });
});

describe('saveBodyOf', () => {
  it('trims, cleans the mapping and fills the default unsubscribe message', () => {
    const draft: CampaignDraft = {
      ...complete,
      name: '  Spring launch ',
      description: ' ',
      notes: ' call first ',
      columnMapping: { email: 'E-mail', first_name: MAPPING_NONE, phone: 'Tel' },
    };
    expect(saveBodyOf(draft, variables, 'Acme\nYou received this email because…')).toEqual({
      name: 'Spring launch',
      description: null,
      notes: 'call first',
      templateId: 4,
      includeUnsubscribeLink: true,
      unsubscribeMessage: 'Acme\nYou received this email because…',
      trackOpens: true,
      columnMapping: { email: 'E-mail' },
    });
  });

  it("keeps the user's own message, the unticked link and tracking switched off", () => {
    const body = saveBodyOf(
      { ...complete, includeUnsubscribeLink: false, unsubscribeMessage: 'Reply STOP', trackOpens: false },
      variables,
      'default',
    );
    expect(body).toMatchObject({
      includeUnsubscribeLink: false,
      unsubscribeMessage: 'Reply STOP',
      trackOpens: false,
    });
  });
});

describe('draftFromCampaign', () => {
  it('starts from the saved campaign', () => {
    const campaign = {
      id: 1,
      name: 'Q3',
      description: null,
      notes: 'n',
      status: 'draft',
      templateId: 2,
      recipientCount: 3,
      columnMapping: { email: 'Mail' },
      includeUnsubscribeLink: false,
      unsubscribeMessage: null,
      trackOpens: false,
      steps: [],
      sendWindow: DEFAULT_SEND_WINDOW,
      createdAt: '2025-01-01T00:00:00.000Z',
      archivedAt: null,
      generation: { processed: 0, total: 0, error: null },
    } satisfies Campaign;
    expect(draftFromCampaign(campaign)).toEqual({
      name: 'Q3',
      description: '',
      notes: 'n',
      templateId: 2,
      includeUnsubscribeLink: false,
      unsubscribeMessage: null,
      trackOpens: false,
      columnMapping: { email: 'Mail' },
    });
  });
});
