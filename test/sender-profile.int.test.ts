import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const PROFILE = {
  title: 'Head of Partnerships',
  website: 'https://acme.example',
  whatWeDo: 'Route planning for small fleets.',
  offer: 'A free 30-day pilot',
  proofPoints: ['Trusted by 12,000 teams', 'Red Dot award 2023'],
  neverClaim: ['SOC 2 certified'],
};

describe.each(testDatabases())('the sender profile in Settings and on campaigns (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const as = (cookie: string) => ({
    get: (url: string) => t.app.inject({ url, headers: { cookie } }),
    send: (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie }, payload }),
  });

  it('saves and loads the profile, and the other settings cards leave it as it is', async () => {
    const me = as(await t.signIn());
    expect((await me.get('/api/sender-settings')).json().profile).toEqual({
      title: null,
      website: null,
      whatWeDo: null,
      offer: null,
      proofPoints: [],
      neverClaim: [],
    });
    const saved = await me.send('POST', '/api/sender-settings', {
      profile: {
        ...PROFILE,
        title: '  Head of Partnerships ',
        proofPoints: [' Trusted by 12,000 teams', 'Red Dot award 2023'],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile).toEqual(PROFILE);
    // The Account card posts its fields without the profile: the profile stays.
    expect((await me.send('POST', '/api/sender-settings', { companyName: 'Acme' })).statusCode).toBe(200);
    const loaded = (await me.get('/api/sender-settings')).json();
    expect(loaded).toMatchObject({ companyName: 'Acme', profile: PROFILE });
    // The profile card replaces the whole profile: a field it leaves out is cleared.
    const cleared = await me.send('POST', '/api/sender-settings', { profile: { offer: 'Two months free' } });
    expect(cleared.json().profile).toEqual({
      title: null,
      website: null,
      whatWeDo: null,
      offer: 'Two months free',
      proofPoints: [],
      neverClaim: [],
    });
    expect(cleared.json().companyName).toBe('Acme');
  });

  it('refuses a bad profile with a 400 that names the problem, and keeps what was saved', async () => {
    const me = as(await t.signIn());
    await me.send('POST', '/api/sender-settings', { name: 'Maya', profile: PROFILE });
    for (const [profile, message] of [
      [
        { website: 'acme.example' },
        'body.profile.website: Website must be a web address starting with https://',
      ],
      [
        { proofPoints: Array.from({ length: 21 }, (_, i) => `Fact ${i}`) },
        'body.profile.proofPoints: Proof Points: at most 20 entries (this list has 21)',
      ],
      [
        { proofPoints: ['ok', 'x'.repeat(301)] },
        'body.profile.proofPoints.1: Proof point 2 has 301 characters: at most 300',
      ],
      [
        { neverClaim: ['  '] },
        'body.profile.neverClaim.0: Never-claim entry 1 is empty: write it or remove it',
      ],
      [{ offer: 'x'.repeat(1001) }, 'body.profile.offer: Your Offer: at most 1,000 characters'],
      [{ proofpoints: ['typo'] }, 'proofpoints'],
    ] as const) {
      const res = await me.send('POST', '/api/sender-settings', { name: 'Changed', profile });
      expect(res.statusCode, JSON.stringify(profile)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await me.get('/api/sender-settings')).json()).toMatchObject({ name: 'Maya', profile: PROFILE });
  });

  it('keeps a campaign’s own profile, field by field, until it is edited or set back to the Settings’', async () => {
    const me = as(await t.signIn());
    const created = await me.send('POST', '/api/campaigns', {
      name: 'Schools',
      templateId: null,
      senderProfile: { offer: ' Two months free for schools ', proofPoints: ['Used by 300 schools'] },
    });
    expect(created.statusCode).toBe(200);
    const own = {
      title: null,
      website: null,
      whatWeDo: null,
      offer: 'Two months free for schools',
      proofPoints: ['Used by 300 schools'],
      neverClaim: [],
    };
    expect(created.json().senderProfile).toEqual(own);
    const id = created.json().id;
    expect((await me.get(`/api/campaigns/${id}`)).json().senderProfile).toEqual(own);
    // An edit that leaves the field out keeps it.
    const renamed = await me.send('PUT', `/api/campaigns/${id}`, { name: 'Schools 2', templateId: null });
    expect(renamed.json().senderProfile).toEqual(own);
    // Nothing filled in is the Settings' profile, as null is.
    const emptied = await me.send('PUT', `/api/campaigns/${id}`, {
      name: 'Schools 2',
      templateId: null,
      senderProfile: { offer: '', proofPoints: [] },
    });
    expect(emptied.json().senderProfile).toBeNull();
    await me.send('PUT', `/api/campaigns/${id}`, { name: 'Schools 2', templateId: null, senderProfile: own });
    const reset = await me.send('PUT', `/api/campaigns/${id}`, {
      name: 'Schools 2',
      templateId: null,
      senderProfile: null,
    });
    expect(reset.json().senderProfile).toBeNull();
    // A campaign made without one uses the Settings'.
    const plain = await me.send('POST', '/api/campaigns', { name: 'Plain', templateId: null });
    expect(plain.json().senderProfile).toBeNull();
  });

  it('refuses a bad campaign profile with a 400 and changes nothing', async () => {
    const me = as(await t.signIn());
    const { id } = (
      await me.send('POST', '/api/campaigns', {
        name: 'Kept',
        templateId: null,
        senderProfile: { offer: 'A pilot' },
      })
    ).json();
    const res = await me.send('PUT', `/api/campaigns/${id}`, {
      name: 'Renamed',
      templateId: null,
      senderProfile: { website: 'ftp://acme.example' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(
      'body.senderProfile.website: Website must be a web address starting with https:// or http://, such as https://acme.com',
    );
    expect((await me.get(`/api/campaigns/${id}`)).json()).toMatchObject({
      name: 'Kept',
      senderProfile: { offer: 'A pilot' },
    });
    const created = await me.send('POST', '/api/campaigns', {
      name: 'Never made',
      templateId: null,
      senderProfile: { proofPoints: ['two\nlines'] },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toContain('Proof point 1 must be one line');
    const names = (await me.get('/api/campaigns')).json().map((c: { name: string }) => c.name);
    expect(names).not.toContain('Never made');
  });

  it('answers 404 for another user’s campaign, and leaves its profile alone', async () => {
    const alice = as(await t.signIn());
    const bob = as(await t.signIn());
    const { id } = (
      await alice.send('POST', '/api/campaigns', {
        name: 'Alice’s',
        templateId: null,
        senderProfile: { offer: 'Alice’s offer' },
      })
    ).json();
    expect((await bob.get(`/api/campaigns/${id}`)).statusCode).toBe(404);
    const edit = await bob.send('PUT', `/api/campaigns/${id}`, {
      name: 'Taken',
      templateId: null,
      senderProfile: { offer: 'Bob’s offer' },
    });
    expect(edit.statusCode).toBe(404);
    expect((await alice.get(`/api/campaigns/${id}`)).json().senderProfile.offer).toBe('Alice’s offer');
  });
});
