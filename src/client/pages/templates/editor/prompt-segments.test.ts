import { describe, expect, it } from 'vitest';
import { promptSegments } from './prompt-segments';

describe('promptSegments', () => {
  it('fills placeholders with the sample values', () => {
    expect(
      promptSegments('Write to {{first_name}} at {{ company }}.', { first_name: 'Jane', company: 'Acme' }),
    ).toEqual([
      { kind: 'text', text: 'Write to ' },
      { kind: 'value', text: 'Jane', variable: 'first_name' },
      { kind: 'text', text: ' at ' },
      { kind: 'value', text: 'Acme', variable: 'company' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('uses a default filter when the value is missing, else marks the placeholder missing', () => {
    expect(
      promptSegments(`{{ first_name | default: "there" }} {{ x | default: 'y' }} {{ job_title }}`, {}),
    ).toEqual([
      { kind: 'value', text: 'there', variable: 'first_name' },
      { kind: 'text', text: ' ' },
      { kind: 'value', text: 'y', variable: 'x' },
      { kind: 'text', text: ' ' },
      { kind: 'missing', text: '{{ job_title }}', variable: 'job_title' },
    ]);
  });

  it('treats blank values as missing and leaves other braces alone', () => {
    expect(promptSegments('{{ info }} {not} {{ 1x }}', { info: '  ' })).toEqual([
      { kind: 'missing', text: '{{ info }}', variable: 'info' },
      { kind: 'text', text: ' {not} {{ 1x }}' },
    ]);
  });

  it('gives nothing for an empty prompt', () => {
    expect(promptSegments('', {})).toEqual([]);
  });
});
