import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { checkDnsRecords } from '../dns-check';
import { type DoctorCheck, fail, pass, reasonOf, warn } from './doctor-check';

/** Below this the data folder fails: PostgreSQL stops writing, and sends with it. */
const DISK_FAIL_BYTES = 512 * 1024 ** 2;
const DISK_WARN_BYTES = 2 * 1024 ** 3;
/**
 * Clock offsets: HTTP dates have one-second steps and arrive after a round trip, so a few seconds
 * are noise; sign-in tokens and DKIM signatures start to fail at about a minute.
 */
const CLOCK_WARN_MS = 5_000;
const CLOCK_FAIL_MS = 30_000;

/** Another clock's time (`at`) and ours (`localAt`) when it was read. */
export type ClockSample = { source: string; at: Date; localAt: Date };

/** SPF, DKIM and DMARC of MAIL_DOMAIN, judged by the same code as the Settings page's DNS check. */
export async function checkMailDomain(config: Config, now: () => Date): Promise<DoctorCheck> {
  const title = 'DNS of MAIL_DOMAIN';
  const domain = config.mail.domain;
  if (!domain) {
    return config.mail.smtp
      ? warn(
          'dns',
          title,
          'MAIL_DOMAIN is not set: SMTP senders sign in as you@localhost, and no sending domain can be checked.',
          'Set MAIL_DOMAIN to the domain you send from (example.com).',
        )
      : pass(
          'dns',
          title,
          "Not used: MAIL_DOMAIN is not set; each sender's own domain is checked in Settings.",
        );
  }
  let found: Awaited<ReturnType<typeof checkDnsRecords>>;
  try {
    found = await checkDnsRecords(domain, config.dns, now);
  } catch (err) {
    return fail(
      'dns',
      title,
      `The DNS lookups for ${domain} failed: ${reasonOf(err)}.`,
      "Check DNS_SERVERS, or this machine's resolver.",
    );
  }
  const { spf, dkim, dmarc } = found.checks;
  const summary = `SPF: ${spf.reason}; DKIM: ${dkim.reason}; DMARC: ${dmarc.reason}`;
  if (spf.status === 'pass' && dkim.status === 'pass' && dmarc.status === 'pass') {
    return pass('dns', title, `${domain}: ${summary}.`);
  }
  const todo = `Publish the records your mail provider gives for ${domain} (Settings, DNS check, shows what is wrong).`;
  // A DKIM key may sit at a selector the check does not know; the others have one fixed place.
  const onlyDkimMissing = spf.status === 'pass' && dmarc.status === 'pass' && dkim.status === 'missing';
  return onlyDkimMissing
    ? warn('dns', title, `${domain}: ${summary}.`, todo)
    : fail('dns', title, `${domain}: ${summary}.`, todo);
}

/** This machine's clock against other clocks seen during the run (the database server, HTTP Date headers). */
export function checkClock(samples: ClockSample[]): DoctorCheck {
  const title = 'Clock';
  if (samples.length === 0) {
    return warn(
      'clock',
      title,
      "Nothing was reachable to compare this machine's clock with.",
      'Make sure the machine keeps time with NTP (timedatectl status shows "System clock synchronized: yes").',
    );
  }
  const offsets = samples.map((s) => ({ ...s, offset: s.localAt.getTime() - s.at.getTime() }));
  const worst = offsets.reduce((a, b) => (Math.abs(b.offset) > Math.abs(a.offset) ? b : a));
  const seconds = Math.round(Math.abs(worst.offset) / 1000);
  const direction = worst.offset > 0 ? 'ahead of' : 'behind';
  const against = offsets.map((s) => s.source).join(', ');
  if (Math.abs(worst.offset) <= CLOCK_WARN_MS) {
    return pass(
      'clock',
      title,
      `This machine's clock agrees with ${against} (within ${Math.ceil(CLOCK_WARN_MS / 1000)} s).`,
    );
  }
  const why = `This machine's clock is ${seconds} s ${direction} ${worst.source}.`;
  const todo = 'Turn on time synchronisation (NTP, e.g. systemd-timesyncd or chrony) on this machine.';
  return Math.abs(worst.offset) > CLOCK_FAIL_MS
    ? fail('clock', title, why, todo)
    : warn('clock', title, why, todo);
}

export type DiskSpace = { freeBytes: number; totalBytes: number };

export async function diskSpaceOf(dir: string): Promise<DiskSpace> {
  const stats = await fs.promises.statfs(dir);
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
}

/** Free space where the data folder lives (the embedded database, the generated key, uploads). */
export async function checkDisk(
  dataDir: string,
  spaceOf: (dir: string) => Promise<DiskSpace> = diskSpaceOf,
): Promise<DoctorCheck> {
  const title = 'Free disk for DATA_DIR';
  let dir = dataDir;
  // Before the first start the folder may not exist: measure the nearest folder that does.
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  let space: DiskSpace;
  try {
    space = await spaceOf(dir);
  } catch (err) {
    return fail(
      'disk',
      title,
      `The free space of ${dataDir} could not be read: ${reasonOf(err)}.`,
      'Check that DATA_DIR exists and Tailor may read it.',
    );
  }
  const free = formatBytes(space.freeBytes);
  const share = space.totalBytes > 0 ? ` (${Math.round((space.freeBytes / space.totalBytes) * 100)}%)` : '';
  const why = `${free}${share} free for ${dataDir}.`;
  const todo =
    'Free space on that disk or move DATA_DIR to a larger one; a full disk stops the database and sending.';
  if (space.freeBytes < DISK_FAIL_BYTES) return fail('disk', title, why, todo);
  if (space.freeBytes < DISK_WARN_BYTES) return warn('disk', title, why, todo);
  return pass('disk', title, why);
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  return `${Math.round(bytes / 1024 ** 2)} MB`;
}
