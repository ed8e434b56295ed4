import type { ApiTokenScope, CreatedApiToken } from '../../src/contract/api-tokens';
import { WORKSPACE_HEADER } from '../../src/contract/workspaces';
import type { TestApp } from './test-app';

/** Makes an API token in Settings' way (a session) and answers what the create call answered. */
export async function makeApiToken(
  t: TestApp,
  cookie: string,
  scopes: ApiTokenScope[],
  opts: { workspace?: number; name?: string; expiresAt?: string } = {},
): Promise<CreatedApiToken> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/workspace/api-tokens',
    headers: { cookie, ...(opts.workspace ? { [WORKSPACE_HEADER]: String(opts.workspace) } : {}) },
    payload: { name: opts.name ?? `Token ${scopes.join('+')}`, scopes, expiresAt: opts.expiresAt },
  });
  if (res.statusCode !== 200) throw new Error(`make token: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
