import { describe, expect, it } from 'vitest';
import type { Template } from '../../../../contract/templates';
import { DEFAULT_AI_PROMPT } from './default-prompt';
import {
  draftFromTemplate,
  draftProblem,
  hasBodyContent,
  isDraftDirty,
  newTemplateDraft,
  saveBodyOf,
  type TemplateDraft,
} from './template-draft';

const saved: Template = {
  id: 7,
  name: 'Intro',
  type: 'template',
  subjectTemplate: 'Hi {{ first_name }}',
  bodyTemplate: '<p>Hello {{ first_name }}</p>',
  aiInstructions: null,
  variables: ['email', 'first_name'],
  createdAt: '2025-07-30T10:00:00.000Z',
  archivedAt: null,
};

const draft = (patch: Partial<TemplateDraft> = {}): TemplateDraft => ({
  ...draftFromTemplate(saved),
  ...patch,
});

describe('newTemplateDraft', () => {
  it('starts with the default variables and prompt', () => {
    const fresh = newTemplateDraft();
    expect(fresh.variables).toEqual(['email', 'first_name', 'last_name', 'company', 'job_title', 'info']);
    expect(fresh.prompt).toBe(DEFAULT_AI_PROMPT);
    expect(fresh.type).toBe('template');
  });
});

describe('draftFromTemplate', () => {
  it('puts a prompt template’s instructions in the prompt, and an email template’s in the enhancement', () => {
    expect(draftFromTemplate({ ...saved, type: 'prompt', aiInstructions: 'Be brief' })).toMatchObject({
      prompt: 'Be brief',
      enhancement: '',
    });
    expect(draftFromTemplate({ ...saved, aiInstructions: 'Polish it' })).toMatchObject({
      prompt: DEFAULT_AI_PROMPT,
      enhancement: 'Polish it',
    });
  });
});

describe('draftProblem', () => {
  it('checks in docs/product.md §2 order with its messages', () => {
    expect(draftProblem(draft({ name: ' ', subject: '' }))).toBe('Please enter a template name');
    expect(draftProblem(draft({ subject: '  ', body: '' }))).toBe('Please enter a subject line template');
    expect(draftProblem(draft({ body: '<p></p>' }))).toBe('Please enter a body template');
    expect(draftProblem(draft({ type: 'prompt', prompt: ' ' }))).toBe('Please enter AI instructions');
    expect(draftProblem(draft({ type: 'prompt', prompt: 'Write', subject: '' }))).toBeNull();
    expect(draftProblem(draft())).toBeNull();
  });
});

describe('saveBodyOf', () => {
  it('saves a prompt template with empty subject and body', () => {
    expect(saveBodyOf(draft({ type: 'prompt', prompt: ' Write it ', name: ' P ' }))).toEqual({
      name: 'P',
      type: 'prompt',
      subjectTemplate: '',
      bodyTemplate: '',
      aiInstructions: 'Write it',
      variables: ['email', 'first_name'],
    });
  });

  it('saves an email template with its optional enhancement instructions', () => {
    expect(saveBodyOf(draft())).toMatchObject({
      aiInstructions: null,
      subjectTemplate: 'Hi {{ first_name }}',
    });
    expect(saveBodyOf(draft({ enhancement: 'Polish' })).aiInstructions).toBe('Polish');
  });
});

describe('isDraftDirty', () => {
  const loaded = draft();

  it('is clean when nothing changed', () => {
    expect(isDraftDirty(draft(), loaded)).toBe(false);
  });

  it.each<[string, Partial<TemplateDraft>]>([
    ['name', { name: 'Other' }],
    ['type', { type: 'prompt' }],
    ['subject', { subject: 'Yo' }],
    ['body', { body: '<p>Other</p>' }],
    ['AI instructions', { enhancement: 'Polish' }],
    ['variables', { variables: ['email'] }],
  ])('is dirty when the %s changes', (_field, patch) => {
    expect(isDraftDirty(draft(patch), loaded)).toBe(true);
  });

  it("ignores the hidden mode's field", () => {
    expect(isDraftDirty(draft({ prompt: 'changed' }), loaded)).toBe(false);
  });
});

describe('hasBodyContent', () => {
  it('sees text or an image', () => {
    expect(hasBodyContent('')).toBe(false);
    expect(hasBodyContent('<p></p><p>&nbsp;</p>')).toBe(false);
    expect(hasBodyContent('<p>x</p>')).toBe(true);
    expect(hasBodyContent('<img src="https://x.test/a.png">')).toBe(true);
  });
});
