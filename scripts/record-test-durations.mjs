// Rewrites test/durations.json (read by test/support/longest-first-sequencer.ts) from a Vitest JSON
// report: `npx vitest run --reporter=json --outputFile=report.json`, then
// `npm run test:durations -- report.json`. Only files of 10 s or more are kept: the rest are
// short enough to fill the gaps in whatever order they come.
import fs from 'node:fs';
import path from 'node:path';

const report = process.argv[2];
if (!report) {
  console.error('Usage: npm run test:durations -- <vitest JSON report>');
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, '..');
const { testResults } = JSON.parse(fs.readFileSync(report, 'utf8'));
const durations = Object.fromEntries(
  testResults
    .map((file) => [path.relative(root, file.name), Math.round((file.endTime - file.startTime) / 1000)])
    .filter(([, seconds]) => seconds >= 10)
    .sort((a, b) => b[1] - a[1]),
);
fs.writeFileSync(path.join(root, 'test', 'durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`test/durations.json: ${Object.keys(durations).length} files of 10 s or more`);
