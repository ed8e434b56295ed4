import { describe, expect, it } from 'vitest';
import { MAPPING_NONE, MAPPING_SELECT } from '../../../contract/campaigns';
import {
  cleanMapping,
  isMappedColumn,
  mapExactMatches,
  mappingFitsTemplate,
  mappingVariablesOf,
  unmappedVariables,
  usedMappingVariables,
} from './column-mapping';

describe('isMappedColumn', () => {
  it('refuses blanks and placeholders', () => {
    expect(isMappedColumn('E-mail')).toBe(true);
    for (const value of [undefined, '', MAPPING_NONE, MAPPING_SELECT])
      expect(isMappedColumn(value)).toBe(false);
  });
});

describe('cleanMapping', () => {
  it('drops variables the template lacks and placeholder values', () => {
    expect(
      cleanMapping(
        { email: 'E-mail', first_name: MAPPING_NONE, company: MAPPING_SELECT, phone: 'Tel', job_title: '' },
        ['email', 'first_name', 'company', 'job_title'],
      ),
    ).toEqual({ email: 'E-mail' });
  });

  it('keeps every real column when no template is known', () => {
    expect(cleanMapping({ email: 'Mail', phone: 'Tel', x: MAPPING_NONE }, null)).toEqual({
      email: 'Mail',
      phone: 'Tel',
    });
  });
});

describe('mappingFitsTemplate', () => {
  const variables = ['email', 'first_name'];

  it('needs a usable email column', () => {
    expect(mappingFitsTemplate({ email: 'E-mail' }, variables)).toBe(true);
    expect(mappingFitsTemplate({ first_name: 'First' }, variables)).toBe(false);
    expect(mappingFitsTemplate({ email: MAPPING_NONE }, variables)).toBe(false);
  });

  it('refuses a mapped variable the template no longer has', () => {
    expect(mappingFitsTemplate({ email: 'E-mail', company: 'Org' }, variables)).toBe(false);
    // A placeholder is not a mapping, so it cannot be stale either.
    expect(mappingFitsTemplate({ email: 'E-mail', company: MAPPING_NONE }, variables)).toBe(true);
  });

  it('does not ask for email when the template has no email variable', () => {
    expect(mappingFitsTemplate({}, ['info'])).toBe(true);
  });
});

describe('mapExactMatches', () => {
  it('maps same-named columns regardless of case, each column once', () => {
    expect(mapExactMatches({}, ['email', 'company', 'info'], ['Email', 'COMPANY', 'Notes'])).toEqual({
      email: 'Email',
      company: 'COMPANY',
    });
  });

  it('keeps choices that still exist, and an explicit None', () => {
    expect(
      mapExactMatches(
        { email: 'Work mail', company: MAPPING_NONE },
        ['email', 'company'],
        ['Email', 'Work mail', 'company'],
      ),
    ).toEqual({ email: 'Work mail', company: MAPPING_NONE });
  });

  it('clears columns the new file does not have', () => {
    expect(mapExactMatches({ email: 'Old', info: 'Gone' }, ['email', 'info'], ['email'])).toEqual({
      email: 'email',
    });
  });
});

describe('mappingVariablesOf', () => {
  const templates = [
    { id: 1, variables: ['first_name', 'email'] },
    { id: 2, variables: ['email', 'company_name', 'first_name'] },
    { id: 3, variables: ['email', 'company_name', 'city'] },
  ];

  it("lists email, the first template's variables, then those only follow-ups add, with their steps", () => {
    expect(mappingVariablesOf([1, 2, null, 3, 2], templates)).toEqual({
      variables: [
        { name: 'email', followUpSteps: [] },
        { name: 'first_name', followUpSteps: [] },
        { name: 'company_name', followUpSteps: [2, 4, 5] },
        { name: 'city', followUpSteps: [4] },
      ],
      complete: true,
    });
  });

  it('needs the first template, and says when a follow-up template is not loaded', () => {
    expect(mappingVariablesOf([null, 2], templates)).toBeNull();
    expect(mappingVariablesOf([9], templates)).toBeNull();
    expect(mappingVariablesOf([1, 9], templates)?.complete).toBe(false);
  });
});

describe('unmappedVariables', () => {
  const columns = ['E-mail', 'First', 'Organisation', 'Notes'];

  it('names each variable left without a column and the column it most likely meant', () => {
    expect(
      unmappedVariables(
        ['email', 'first_name', 'info', 'hook'],
        { email: 'E-mail', first_name: 'First' },
        columns,
      ),
    ).toEqual([
      { variable: 'info', likely: 'Notes' },
      { variable: 'hook', likely: null },
    ]);
  });

  it('offers no column another variable uses, and leaves out a variable set to None on purpose', () => {
    expect(unmappedVariables(['email', 'info'], { email: 'E-mail', info: MAPPING_NONE }, columns)).toEqual(
      [],
    );
    expect(unmappedVariables(['info', 'notes'], { notes: 'Notes' }, columns)).toEqual([
      { variable: 'info', likely: null },
    ]);
    expect(unmappedVariables(['info'], {}, [])).toEqual([]);
  });
});

describe('usedMappingVariables', () => {
  // The keyboard journey's template: the default six variables declared, two written out.
  const declared = ['email', 'first_name', 'last_name', 'company', 'job_title', 'info'];
  const text = (id: number, subject: string, body: string, aiInstructions: string | null = null) => ({
    id,
    subjectTemplate: subject,
    bodyTemplate: body,
    aiInstructions,
  });
  const templates = [
    text(1, 'Hello {{ first_name }}', '<p>Hi, shall we talk about {{ company }}</p>'),
    text(2, '', '', 'Write to {{ first_name }} about their role as {{job_title}}.'),
  ];

  it('keeps the variables some step writes out, so save asks about no declared-only one', () => {
    const used = usedMappingVariables(declared, [1], templates);
    expect(used).toEqual(['first_name', 'company']);
    // What the keyboard journey's file maps leaves nothing to ask about.
    expect(
      unmappedVariables(used, { email: 'E-mail', first_name: 'First', company: 'Organisation' }, [
        'E-mail',
        'First',
        'Organisation',
      ]),
    ).toEqual([]);
  });

  it('counts a follow-up AI prompt, and every variable when a step template is not loaded', () => {
    expect(usedMappingVariables(declared, [1, null, 2], templates)).toEqual([
      'first_name',
      'company',
      'job_title',
    ]);
    expect(usedMappingVariables(declared, [1, 9], templates)).toEqual(declared);
  });
});
