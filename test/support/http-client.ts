/**
 * A tiny cookie-carrying client for apps running in their own process. Start it with another
 * client's cookie to act as the same signed-in user through another process.
 */
export function httpClient(base: string, initialCookie = '', workspaceId?: number) {
  let cookie = initialCookie;
  async function request(method: string, path: string, body?: unknown) {
    const isForm = body instanceof FormData;
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(cookie && { cookie }),
        // The workspace the calls work in (the app's x-tailor-workspace header); else the person's own.
        ...(workspaceId !== undefined && { 'x-tailor-workspace': String(workspaceId) }),
        ...(body !== undefined && !isForm && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie?.startsWith('tailor_session=')) cookie = setCookie.split(';')[0]!;
    return res;
  }
  return {
    request,
    /** The session cookie, for clients in other processes (e.g. curl in benchmarks). */
    cookie: () => cookie,
    // biome-ignore lint/suspicious/noExplicitAny: API replies are checked by the assertions that read them.
    async json<T = any>(method: string, path: string, body?: unknown): Promise<T> {
      const res = await request(method, path, body);
      if (!res.ok) throw new Error(`${method} ${base}${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
  };
}

export async function waitUntil<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Someone an owner's client invites to its workspace as `role`, who signs in locally (with a name,
 * if given) and accepts: their client, working in that workspace, and their user id.
 */
export async function joinWorkspace(
  owner: ReturnType<typeof httpClient>,
  base: string,
  workspaceId: number,
  email: string,
  role: string,
  name?: { firstName: string; lastName: string },
) {
  const link = (await owner.json('POST', '/api/workspace/invitations', { email, role })).link as string;
  const client = httpClient(base, '', workspaceId);
  await client.json('POST', '/api/auth/local', { email, ...name });
  await client.json('POST', '/api/invitations/accept', { token: link.split('/').pop() });
  const me = await client.json('GET', '/api/auth/user');
  return { client, id: me.id as number, email };
}
