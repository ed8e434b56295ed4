import { describe, expect, it } from 'vitest';
import { readIdempotencyKey } from './idempotency';

describe('readIdempotencyKey', () => {
  it('reads a bare key, and the draft’s quoted form as the same key', () => {
    expect(readIdempotencyKey('8e03978e-40d5-43e8-bc93-6894a57f9324')).toBe(
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
    );
    expect(readIdempotencyKey('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toBe(
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
    );
    expect(readIdempotencyKey('"say \\"hi\\" \\\\ bye"')).toBe('say "hi" \\ bye');
    expect(readIdempotencyKey('x'.repeat(255))).toBe('x'.repeat(255));
  });

  it('has no key without the header', () => {
    expect(readIdempotencyKey(undefined)).toBeNull();
  });

  it('refuses an empty, too long, non-ASCII or repeated key', () => {
    for (const bad of ['', '""', 'x'.repeat(256), 'clé', 'tab\there', 'new\nline', ['a', 'b']]) {
      expect(readIdempotencyKey(bad), JSON.stringify(bad)).toBe('invalid');
    }
  });
});
