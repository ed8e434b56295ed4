import { describe, expect, it } from 'vitest';
import { canonicalJson, keyScope, requestFingerprint } from './fingerprint';

const request = {
  method: 'POST',
  path: '/api/campaigns/7/send-approved',
  query: {},
  body: { a: 1, b: [2, 3] },
};

describe('request fingerprints', () => {
  it('read two bodies that say the same thing as one, whatever their key order', () => {
    expect(canonicalJson({ b: { y: 1, x: [1, { d: 1, c: 2 }] }, a: 'é' })).toBe(
      '{"a":"é","b":{"x":[1,{"c":2,"d":1}],"y":1}}',
    );
    expect(requestFingerprint({ ...request, body: { b: [2, 3], a: 1 } })).toBe(requestFingerprint(request));
    expect(requestFingerprint({ ...request, body: { a: 1, b: [2, 3], c: undefined } })).toBe(
      requestFingerprint(request),
    );
  });

  it('tell apart another body, path, query or method', () => {
    const fingerprint = requestFingerprint(request);
    for (const other of [
      { ...request, body: { a: 1, b: [3, 2] } },
      { ...request, body: {} },
      { ...request, path: '/api/campaigns/8/send-approved' },
      { ...request, query: { step: 2 } },
      { ...request, method: 'PUT' },
    ]) {
      expect(requestFingerprint(other), JSON.stringify(other)).not.toBe(fingerprint);
    }
  });
});

describe('key scopes', () => {
  const scope = { workspaceId: 1, caller: { userId: 5 }, method: 'POST', route: '/api/campaigns', key: 'k' };

  it('give the same key of another caller, workspace or route its own scope', () => {
    const mine = keyScope(scope);
    expect(keyScope({ ...scope })).toBe(mine);
    for (const other of [
      { ...scope, caller: { userId: 6 } },
      { ...scope, caller: { apiTokenId: 5 } },
      { ...scope, workspaceId: 2 },
      { ...scope, workspaceId: null },
      { ...scope, route: '/api/templates' },
      { ...scope, key: 'K' },
    ]) {
      expect(keyScope(other), JSON.stringify(other)).not.toBe(mine);
    }
  });
});
