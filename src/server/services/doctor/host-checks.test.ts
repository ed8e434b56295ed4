import { describe, expect, it } from 'vitest';
import { checkClock, checkDisk } from './host-checks';

const at = (iso: string) => new Date(iso);
const sample = (source: string, offsetMs: number) => ({
  source,
  at: at('2026-11-28T12:00:00Z'),
  localAt: new Date(at('2026-11-28T12:00:00Z').getTime() + offsetMs),
});

describe('the clock check', () => {
  it('passes within 5 s of every other clock (HTTP dates step by whole seconds)', () => {
    expect(
      checkClock([sample('the PostgreSQL server', 900), sample("Google's sign-in server", -4000)]),
    ).toMatchObject({
      status: 'pass',
      why: "This machine's clock agrees with the PostgreSQL server, Google's sign-in server (within 5 s).",
    });
  });

  it('warns past 5 s and fails past 30 s, naming the clock furthest off', () => {
    expect(checkClock([sample('the PostgreSQL server', 12_000)])).toMatchObject({
      status: 'warn',
      why: "This machine's clock is 12 s ahead of the PostgreSQL server.",
    });
    expect(checkClock([sample('the PostgreSQL server', 2000), sample('the openai API', -95_000)])).toEqual({
      id: 'clock',
      title: 'Clock',
      status: 'fail',
      why: "This machine's clock is 95 s behind the openai API.",
      todo: 'Turn on time synchronisation (NTP, e.g. systemd-timesyncd or chrony) on this machine.',
    });
  });

  it('warns when nothing could be compared', () => {
    expect(checkClock([]).status).toBe('warn');
  });
});

describe('the disk check', () => {
  const space = (freeMb: number) => async () => ({
    freeBytes: freeMb * 1024 ** 2,
    totalBytes: 10 * 1024 ** 3,
  });

  it('fails under 512 MB free, warns under 2 GB, passes above', async () => {
    expect(await checkDisk('/srv/tailor', space(300))).toMatchObject({
      status: 'fail',
      why: '300 MB (3%) free for /srv/tailor.',
    });
    expect((await checkDisk('/srv/tailor', space(1500))).status).toBe('warn');
    expect(await checkDisk('/srv/tailor', space(5120))).toMatchObject({
      status: 'pass',
      why: '5.0 GB (50%) free for /srv/tailor.',
      todo: null,
    });
  });

  it('measures the nearest existing folder of a data folder not made yet', async () => {
    const asked: string[] = [];
    await checkDisk('/tmp/no-such-tailor-folder/data', async (dir) => {
      asked.push(dir);
      return { freeBytes: 1, totalBytes: 1 };
    });
    expect(asked).toEqual(['/tmp']);
  });
});
