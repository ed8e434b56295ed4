/**
 * The fake OIDC provider's storage (oidc-provider's adapter interface), in memory and ours rather
 * than the library's, so refresh tokens can be revoked wholesale or per account and a token's
 * grant (scopes, account) looked up by the fake mail APIs.
 */
type Stored = { payload: Record<string, unknown>; expiresAt: number };

export class Store {
  readonly entries = new Map<string, Stored>();

  adapter(model: string) {
    const key = (id: string) => `${model}:${id}`;
    const get = (id: string) => {
      const entry = this.entries.get(key(id));
      return entry && entry.expiresAt > Date.now() ? entry : undefined;
    };
    return {
      upsert: async (id: string, payload: Record<string, unknown>, expiresIn?: number) => {
        const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
        this.entries.set(key(id), { payload, expiresAt });
      },
      find: async (id: string) => get(id)?.payload,
      // Only sessions are looked up by uid, and there are few of them.
      findByUid: async (uid: string) =>
        [...this.entries].find(([k, e]) => k.startsWith(`${model}:`) && e.payload.uid === uid)?.[1].payload,
      consume: async (id: string) => {
        const entry = get(id);
        if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
      },
      destroy: async (id: string) => {
        this.entries.delete(key(id));
      },
      revokeByGrantId: async (grantId: string) => {
        for (const [k, e] of this.entries) if (e.payload.grantId === grantId) this.entries.delete(k);
      },
    };
  }

  revokeModel(model: string): void {
    for (const k of this.entries.keys()) if (k.startsWith(`${model}:`)) this.entries.delete(k);
  }
}
