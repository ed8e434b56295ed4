import fs from 'node:fs';

export type HostileValue = { id: string; tries: string; value: string };

type Stored = { id: string; tries: string; value?: string; repeat?: { text: string; times: number } };

const FILE = new URL('../fixtures/prompt-injection/hostile-values.json', import.meta.url);

/** The hand-written hostile values of test/fixtures/prompt-injection, the long ones made by repeat. */
export function hostileValues(): HostileValue[] {
  const stored = JSON.parse(fs.readFileSync(FILE, 'utf8')).values as Stored[];
  return stored.map(({ id, tries, value, repeat }) => ({
    id,
    tries,
    value: value ?? repeat!.text.repeat(repeat!.times),
  }));
}
