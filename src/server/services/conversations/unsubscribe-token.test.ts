import { describe, expect, it } from 'vitest';
import { previewMayCarryToken } from './unsubscribe-token';

const TOKEN = 'Jq3x_V9kLm2Pz8Rt-Wy5Nb0C';

describe('previewMayCarryToken', () => {
  it('sees "unsubscribe <token>" anywhere in a preview, after a greeting too', () => {
    expect(previewMayCarryToken(`unsubscribe ${TOKEN}`)).toBe(true);
    expect(previewMayCarryToken(`Hello, please take me off. Unsubscribe ${TOKEN} Thanks, Ana`)).toBe(true);
  });

  it('counts the word at the cut end of a preview, its token cut off', () => {
    expect(previewMayCarryToken(`${'x '.repeat(120)}unsubscribe Jq3x_V9`)).toBe(true);
    expect(previewMayCarryToken(`${'x '.repeat(120)}unsubscribe`)).toBe(true);
  });

  it('passes over ordinary text and the word without a token mid-text', () => {
    expect(previewMayCarryToken('Lunch on Thursday? Bring the figures.')).toBe(false);
    expect(previewMayCarryToken('How do I unsubscribe from the other list? Anyway, see you Friday.')).toBe(
      false,
    );
    expect(previewMayCarryToken(`unsubscribed ${TOKEN}`)).toBe(false);
  });
});
