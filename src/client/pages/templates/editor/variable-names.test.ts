import { describe, expect, it } from 'vitest';
import { toSnakeCase } from '../../../../contract/variable-names';
import { addVariable, mergeVariables, removeVariable } from './variable-names';

describe('toSnakeCase', () => {
  it('normalises names the way the server does', () => {
    expect(toSnakeCase('First Name')).toBe('first_name');
    expect(toSnakeCase('first-name')).toBe('first_name');
    expect(toSnakeCase('FirstName')).toBe('first_name');
    expect(toSnakeCase('  Job  Title!! ')).toBe('job_title');
    expect(toSnakeCase('__x__')).toBe('x');
    expect(toSnakeCase('E-mail')).toBe('e_mail');
    expect(toSnakeCase('***')).toBe('');
  });
});

describe('mergeVariables', () => {
  it('keeps email first and drops duplicates and blanks', () => {
    expect(mergeVariables(['first_name', 'company'], ['Email', 'Company', 'Phone Number', ' '])).toEqual([
      'email',
      'first_name',
      'company',
      'phone_number',
    ]);
  });

  it('adds email even when neither list has it', () => {
    expect(mergeVariables([], ['name'])).toEqual(['email', 'name']);
  });
});

describe('addVariable', () => {
  it('adds the normalised name', () => {
    expect(addVariable(['email'], 'Company Size')).toEqual({
      ok: true,
      variables: ['email', 'company_size'],
      added: 'company_size',
    });
  });

  it('refuses duplicates after normalising, and empty names', () => {
    expect(addVariable(['email', 'first_name'], 'First Name')).toEqual({
      ok: false,
      error: 'Variable already exists',
    });
    expect(addVariable(['email'], '  ')).toEqual({ ok: false, error: 'Please enter a variable name' });
  });
});

describe('removeVariable', () => {
  it('removes any variable but email', () => {
    expect(removeVariable(['email', 'company'], 'company')).toEqual(['email']);
    expect(removeVariable(['email', 'company'], 'email')).toEqual(['email', 'company']);
  });
});
