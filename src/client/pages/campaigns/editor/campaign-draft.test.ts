import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../../../contract/campaigns';
import { DEFAULT_SEND_WINDOW, MAPPING_NONE } from '../../../../contract/campaigns';
import { WINDOW_PROBLEMS } from '../../../components/send-window';
import {
  type CampaignDraft,
  draftFromCampaign,
  isCampaignDraftDirty,
  newCampaignDraft,
  SUBMIT_PROBLEMS,
  saveBodyOf,
  submitProblem,
} from './campaign-draft';
import { DELAY_PROBLEM, newFollowUp } from './follow-up-steps';

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
      checkClaimsWithAi: true,
      // "Use my settings".
      senderProfile: null,
      columnMapping: { email: 'E-mail' },
      // A new campaign: no follow-ups, the default window.
      steps: [],
      sendWindow: DEFAULT_SEND_WINDOW,
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

const savedCampaign = (changes: Partial<Campaign> = {}): Campaign => ({
  id: 1,
  name: 'Q3',
  description: null,
  notes: 'n',
  status: 'draft',
  templateId: 2,
  recipientCount: 3,
  columnMapping: { email: 'Mail' },
  includeUnsubscribeLink: true,
  unsubscribeMessage: 'Reply STOP',
  trackOpens: true,
  checkClaimsWithAi: true,
  claimCheck: { drafts: 0, tokens: 0 },
  steps: [],
  sendWindow: DEFAULT_SEND_WINDOW,
  createdAt: '2025-01-01T00:00:00.000Z',
  archivedAt: null,
  generation: { processed: 0, total: 0, error: null },
  ...changes,
});

describe('follow-ups', () => {
  it('refuses to save a follow-up without a delay, naming its step', () => {
    const draft: CampaignDraft = {
      ...complete,
      followUps: [newFollowUp(), { ...newFollowUp(), delayDays: null }],
    };
    expect(submitProblem(draft, { variables, hasRecipients: true })).toBe(`Step 3: ${DELAY_PROBLEM}`);
    expect(
      submitProblem(
        { ...draft, followUps: [{ ...newFollowUp(), delayDays: 366 }] },
        { variables, hasRecipients: true },
      ),
    ).toBe(`Step 2: ${DELAY_PROBLEM}`);
  });

  it('refuses a window that ends before it starts, or has no day', () => {
    const window = { days: [1, 2], start: '17:00', end: '09:00' };
    expect(submitProblem({ ...complete, sendWindow: window }, { variables, hasRecipients: true })).toBe(
      `Sending window: ${WINDOW_PROBLEMS.order}`,
    );
    expect(
      submitProblem(
        { ...complete, sendWindow: { ...window, end: '18:00', days: [] } },
        { variables, hasRecipients: true },
      ),
    ).toBe(`Sending window: ${WINDOW_PROBLEMS.days}`);
    expect(
      submitProblem(
        { ...complete, sendWindow: { ...window, end: '18:00' } },
        { variables, hasRecipients: true },
      ),
    ).toBeNull();
  });

  it('saves a follow-up without a template yet: only generating needs one', () => {
    const draft = { ...complete, followUps: [newFollowUp()] };
    expect(submitProblem(draft, { variables, hasRecipients: true })).toBeNull();
    expect(saveBodyOf(draft, variables, '').steps).toEqual([
      { delayDays: 3, businessDays: true, templateId: null },
    ]);
  });

  it('round-trips a saved campaign with steps and its window', () => {
    const steps = [
      { delayDays: 3, businessDays: true, templateId: 5 },
      { delayDays: 10, businessDays: false, templateId: null },
    ];
    // Saturday and Monday, 08:30 until midnight: the end 1440 has no time of its own in a time input.
    const sendWindow = { days: [1, 6], startMinute: 8 * 60 + 30, endMinute: 1440 };
    const draft = draftFromCampaign(savedCampaign({ steps, sendWindow }));
    expect(draft.sendWindow).toEqual({ days: [1, 6], start: '08:30', end: '00:00' });
    expect(draft.followUps.map((step) => step.delayDays)).toEqual([3, 10]);
    const body = saveBodyOf(draft, ['email'], 'default');
    expect(body.steps).toEqual(steps);
    expect(body.sendWindow).toEqual(sendWindow);
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
      checkClaimsWithAi: false,
      claimCheck: { drafts: 0, tokens: 0 },
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
      checkClaimsWithAi: false,
      senderProfile: null,
      columnMapping: { email: 'Mail' },
      followUps: [],
      sendWindow: { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' },
    });
  });
});

describe('isCampaignDraftDirty', () => {
  const loaded = { ...newCampaignDraft(), columnMapping: { email: 'E-mail', company: 'Org' } };

  it('is clean until a field differs from what the editor opened with', () => {
    expect(isCampaignDraftDirty({ ...loaded }, loaded)).toBe(false);
    expect(isCampaignDraftDirty({ ...loaded, name: 'Spring' }, loaded)).toBe(true);
    expect(isCampaignDraftDirty({ ...loaded, templateId: 3 }, loaded)).toBe(true);
    expect(isCampaignDraftDirty({ ...loaded, followUps: [newFollowUp()] }, loaded)).toBe(true);
    expect(
      isCampaignDraftDirty({ ...loaded, columnMapping: { email: 'Mail', company: 'Org' } }, loaded),
    ).toBe(true);
  });

  it('reads the mapping by what it maps, not by its order or "None" choices', () => {
    const reordered = { company: 'Org', email: 'E-mail', first_name: MAPPING_NONE };
    expect(isCampaignDraftDirty({ ...loaded, columnMapping: reordered }, loaded)).toBe(false);
  });
});

describe('the campaign’s own sender profile', () => {
  const own = {
    title: null,
    website: null,
    whatWeDo: null,
    offer: 'Two months free for schools',
    proofPoints: ['Used by 300 schools'],
    neverClaim: [],
  };

  it('round-trips a saved campaign’s own profile, and none as "use my settings"', () => {
    const draft = draftFromCampaign(savedCampaign({ senderProfile: own }));
    expect(draft.senderProfile).toEqual({ ...own, title: '', website: '', whatWeDo: '' });
    expect(saveBodyOf(draft, variables, '').senderProfile).toEqual(own);
    expect(draftFromCampaign(savedCampaign()).senderProfile).toBeNull();
    expect(saveBodyOf(draftFromCampaign(savedCampaign()), variables, '').senderProfile).toBeNull();
  });

  it('refuses to save a profile the server would refuse, saying where', () => {
    const draft = {
      ...complete,
      senderProfile: {
        ...draftFromCampaign(savedCampaign({ senderProfile: own })).senderProfile!,
        website: 'acme',
      },
    };
    expect(submitProblem(draft, { variables, hasRecipients: true })).toBe(
      'Sender profile for this campaign: Website must be a web address starting with https:// or http://, such as https://acme.com',
    );
  });
});
