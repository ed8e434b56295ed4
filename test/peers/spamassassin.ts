import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SPAMASSASSIN = '/usr/bin/spamassassin';

export type SpamScore = {
  score: number;
  /** The rules that fired, as in X-Spam-Status's `tests=`. */
  rules: string[];
  /** Each fired rule's points, from the report (one decimal, as SpamAssassin prints them). */
  points: Record<string, number>;
  /** SpamAssassin's report ("pts rule name description" table), for failure messages. */
  report: string;
};

/** Why messages cannot be scored here, or null when they can. */
export function spamassassinUnavailable(): string | null {
  if (!fs.existsSync(SPAMASSASSIN))
    return `spamassassin is not installed (${SPAMASSASSIN} missing): apt-get install postfix spamassassin`;
  return null;
}

/**
 * Scores one message with SpamAssassin's local tests (`-L`: no DNS blocklists, URIBL, Razor,
 * SPF or DKIM lookups, so rules needing the network, such as RDNS_NONE or SPF_*, never fire).
 * Rules come from the Debian package (/usr/share/spamassassin, or sa-update's copy in
 * /var/lib/spamassassin if one was ever downloaded); nothing here needs the network.
 *
 * Settings on top of the defaults, so the score measures the message and not this machine:
 * - HOME is a temporary folder and `-x` creates no user_prefs: root's ~/.spamassassin is not
 *   read or written.
 * - Bayes is off: it is untrained here (it would score nothing) and autolearn would write a database.
 * - ALL_TRUSTED (-1.0) is zeroed: the message reaches SpamAssassin through 127.0.0.1 only, which it
 *   always trusts, while a real receiver sees the sending relay from outside. Left on, it would
 *   hide a point of content problems.
 */
export async function scoreMessage(raw: string): Promise<SpamScore> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-spamassassin-'));
  try {
    const output = await run(
      SPAMASSASSIN,
      ['-L', '-t', '-x', '--cf=use_bayes 0', '--cf=bayes_auto_learn 0', '--cf=score ALL_TRUSTED 0'],
      raw,
      { ...process.env, HOME: home },
    );
    return parseTestOutput(output);
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** Reads the score and rules from `spamassassin -t` output (the message with its X-Spam-Status header and report). */
export function parseTestOutput(output: string): SpamScore {
  const headerEnd = output.search(/\r?\n\r?\n/);
  const head = output.slice(0, headerEnd < 0 ? undefined : headerEnd).replace(/\r?\n[ \t]+/g, ' ');
  const status = /^X-Spam-Status:(.*)$/im.exec(head)?.[1];
  if (!status) throw new Error(`no X-Spam-Status header in SpamAssassin's output:\n${output.slice(0, 2000)}`);
  const score = /\bscore=(-?[\d.]+)/.exec(status)?.[1];
  if (score === undefined) throw new Error(`no score in X-Spam-Status: ${status}`);
  // Folded after commas ("tests=A,B,\n\tC autolearn=…"): the list runs to the next lowercase key.
  const tests = /\btests=(.*?)(?=\s+[a-z_]+=|$)/.exec(status)?.[1] ?? '';
  const reportAt = output.lastIndexOf('Content analysis details:');
  const report = reportAt < 0 ? '' : output.slice(reportAt).trim();
  const points: Record<string, number> = {};
  for (const [, pts, rule] of report.matchAll(/^\s*(-?\d+(?:\.\d+)?) ([A-Z0-9_]+)\s/gm))
    points[rule!] = Number(pts);
  return {
    score: Number(score),
    rules: tests.trim() === 'NONE' ? [] : tests.split(/[\s,]+/).filter(Boolean),
    points,
    report,
  };
}

function run(command: string, args: string[], input: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} exited with ${code}: ${stderr}`));
    });
    child.stdin.end(input);
  });
}
