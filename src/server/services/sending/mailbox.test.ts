import { describe, expect, it } from 'vitest';
import { canSearchSent } from './mailbox';

const G = 'https://www.googleapis.com/auth/';

describe('canSearchSent: which granted scopes allow the Sent-folder lookup', () => {
  it('Gmail needs gmail.readonly (or broader), and never with gmail.metadata beside it', () => {
    expect(canSearchSent('google', `openid ${G}gmail.send ${G}gmail.readonly`)).toBe(true);
    expect(canSearchSent('google', `${G}gmail.send https://mail.google.com/`)).toBe(true);
    // Google refuses q to any token holding gmail.metadata, whatever else it holds.
    expect(canSearchSent('google', `${G}gmail.send ${G}gmail.metadata`)).toBe(false);
    expect(canSearchSent('google', `${G}gmail.readonly ${G}gmail.metadata`)).toBe(false);
    expect(canSearchSent('google', `${G}gmail.send`)).toBe(false);
    expect(canSearchSent('google', null)).toBe(false);
  });

  it('Graph needs Mail.ReadBasic or Mail.Read', () => {
    expect(canSearchSent('microsoft', 'openid Mail.Send Mail.ReadBasic')).toBe(true);
    expect(canSearchSent('microsoft', 'Mail.Send Mail.Read')).toBe(true);
    expect(canSearchSent('microsoft', 'Mail.Send User.Read')).toBe(false);
  });
});
