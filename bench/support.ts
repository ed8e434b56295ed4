import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type BenchResult = {
  metric: string;
  db: 'pglite' | 'postgres' | null;
  value: number;
  unit: string;
  goal: number | null;
  higherIsBetter: boolean;
};

/** One PostgreSQL figure (the api and load benchmarks serve the built server on PostgreSQL only). */
export function postgresMetric(
  metric: string,
  value: number,
  unit: string,
  goal: number | null,
  higherIsBetter: boolean,
): BenchResult {
  return { metric, db: 'postgres', value, unit, goal, higherIsBetter };
}

/** Prints a table and writes bench/results/<name>.json. */
export function report(name: string, results: BenchResult[]) {
  const rows = results.map((r) => ({
    metric: r.metric,
    db: r.db ?? '-',
    value: round(r.value),
    unit: r.unit,
    goal: r.goal ?? '-',
    met: r.goal === null ? '-' : (r.higherIsBetter ? r.value >= r.goal : r.value <= r.goal) ? 'yes' : 'NO',
  }));
  console.table(rows);
  const dir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ commit: gitCommit(), node: process.version, cpus: os.cpus().length, results }, null, 2)}\n`,
  );
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

function gitCommit() {
  try {
    return execSync('git rev-parse HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

const round = (n: number) => (Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 100) / 100);

/** The middle value (the mean of the two middle ones for an even count): one noisy round does not decide. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
