import { expect } from 'vitest';
import type { SmtpSink } from '../fakes/smtp-sink';
import type { TestApp } from './test-app';

/**
 * A signed-in person's calls to the app (optionally naming a workspace), and mailboxes of theirs set
 * up through the API on the sink's relay, one per login (address → password), each logging in as
 * its address; `extra` adds fields to a mailbox's body. Returns the mailbox ids by address.
 */
export async function personWithRelayMailboxes(
  t: TestApp,
  sink: SmtpSink,
  email: string,
  logins: Record<string, string>,
  extra: Record<string, object> = {},
) {
  const cookie = await t.signIn(email);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, workspace?: number) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, ...(workspace && { 'x-tailor-workspace': String(workspace) }) },
      ...(payload && { payload }),
    });
  const userId: number = (await call('GET', '/api/auth/user')).json().id;
  const port = Number(new URL(sink.url).port);
  const ids: Record<string, number> = {};
  for (const [address, password] of Object.entries(logins)) {
    const res = await call('POST', '/api/mailboxes', {
      address,
      smtp: { host: '127.0.0.1', port, security: 'none', user: address, password },
      imap: null,
      ...extra[address],
    });
    expect(res.statusCode, res.body).toBe(200);
    ids[address] = res.json().id;
  }
  return { call, userId, ids };
}
