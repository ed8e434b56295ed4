import { describe, expect, it } from 'vitest';
import { referencedVariables } from './variable-references';

const DECLARED = ['email', 'first_name', 'last_name', 'company', 'job_title', 'info'];

describe('referencedVariables', () => {
  it('finds names in outputs and tags of every text, and only declared ones', () => {
    expect(
      referencedVariables(DECLARED, [
        'Hello {{ first_name }}',
        '<p>{% if info %}{{info | default: "x"}}{% endif %} {{ hook }}</p>',
        null,
      ]),
    ).toEqual(['first_name', 'info']);
  });

  it('ignores names outside the braces and inside quoted strings, and letter case', () => {
    expect(
      referencedVariables(DECLARED, [
        'Mention their company and job_title.',
        '{{ First_Name | default: "company" }} {{ x | append: \'info\' }}',
      ]),
    ).toEqual(['first_name']);
  });

  it('reads a braced name across lines, and finds nothing in empty texts', () => {
    expect(referencedVariables(DECLARED, ['{{\n  last_name\n}}'])).toEqual(['last_name']);
    expect(referencedVariables(DECLARED, ['', undefined])).toEqual([]);
  });
});
