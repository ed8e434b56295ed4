import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import type { ImapSettings } from '../../src/server/config';
import { freeLoopbackPort, idOf, perlHasSyscallPh, REAPER, userExists, waitForGreeting } from './mail-daemon';

/**
 * A private Dovecot (IMAP only) for tests: its own dovecot.conf, runtime and state folders, log,
 * password file and Maildirs in a temporary folder, listening on a loopback port. It never reads
 * /etc/dovecot or touches /var/lib/dovecot or /run/dovecot, and the system's dovecot service stays
 * stopped.
 *
 * Dovecot's master runs in the foreground (`-F`) under a small Perl reaper (below) that is our child,
 * as the private Postfix's master does: stop() sends it SIGTERM, master stops its own processes
 * (login, auth, imap, log…), and stop() returns once every one of them has exited; nothing is left
 * behind if the test process dies. It needs root (master binds and starts as root; its processes
 * switch to dovenull, dovecot and, for the mail, nobody), which is how the tests run in CI.
 * Written for Dovecot 2.3 (Debian 12's 2.3.19): 2.4 renamed several settings.
 */
export type Dovecot = {
  host: '127.0.0.1';
  port: number;
  users: DovecotUser[];
  /** The temporary folder with its configuration, log and Maildirs (`mail/<user>/`); stop() removes it. */
  dir: string;
  /** Master's pid. */
  pid: number;
  /**
   * Dovecot's authentication socket for a mail server's SMTP AUTH (Postfix's `smtpd_sasl_type =
   * dovecot`): the same users and passwords log in to submit mail as to read it.
   */
  authSocket: string;
  /** Pids of every process of this instance now running: the reaper, master and those master started. */
  processes(): number[];
  /** Stores a message in a user's mailbox over IMAP (APPEND), as a mail server's delivery would. */
  append(
    user: string,
    raw: string | Buffer,
    opts?: { mailbox?: string; flags?: string[]; date?: Date },
  ): Promise<{ uid: number; uidValidity: number }>;
  /** The mailbox's UIDVALIDITY, as an IMAP client sees it (STATUS). */
  uidValidity(user: string, mailbox?: string): Promise<number>;
  /**
   * Gives the mailbox a new, larger UIDVALIDITY, as a server does after losing its index or moving
   * to a new store: every UID a client kept is void. Messages and their UIDs stay as they were (so a
   * client that ignores UIDVALIDITY is caught by what it does with its saved state, not by new
   * UIDs). A session that has the mailbox selected is disconnected by Dovecot ("BYE IMAP session
   * state is inconsistent, please relogin") at its next command. Returns the new value.
   */
  resetUidValidity(user: string, mailbox?: string): Promise<number>;
  /**
   * Changes a user's password, as the person would at their mail provider: the next login (IMAP, or
   * SMTP AUTH through authSocket) with the old one is refused. Dovecot re-reads its password file
   * when it changed, looking at most once a second, so this resolves once its auth process accepts
   * the new password.
   */
  setPassword(user: string, password: string): Promise<void>;
  /** Dovecot's log so far, for failure reports. */
  log(): string;
  stop(): Promise<void>;
};

export type DovecotUser = { user: string; password: string };

/** The app's IMAP settings for one user's INBOX on this instance (IMAP_URL, defaults otherwise). */
export function imapSettingsOf(dovecot: Dovecot, user: DovecotUser): ImapSettings {
  return {
    url: `imap://${encodeURIComponent(user.user)}:${user.password}@127.0.0.1:${dovecot.port}`,
    mailbox: 'INBOX',
    rescanDays: 7,
    tlsCa: undefined,
    tlsRejectUnauthorized: true,
    timeoutMs: 10_000,
    startTls: 'opportunistic',
  };
}

const DOVECOT = '/usr/sbin/dovecot';
const DOVEADM = '/usr/bin/doveadm';
/** Login processes run as dovenull, auth as dovecot (both made by the Debian package), mail as nobody. */
const LOGIN_USER = 'dovenull';
const INTERNAL_USER = 'dovecot';
const MAIL_USER = 'nobody';

/** Why a private Dovecot cannot run here, or null when it can. */
export function dovecotUnavailable(): string | null {
  if (!fs.existsSync(DOVECOT) || !fs.existsSync(DOVEADM))
    return `dovecot is not installed (${DOVECOT} missing): apt-get install dovecot-imapd (as .ci/run does)`;
  if (process.getuid?.() !== 0) return "dovecot's master must start as root; run the tests as root";
  for (const user of [LOGIN_USER, INTERNAL_USER, MAIL_USER])
    if (!userExists(user)) return `the ${user} user is missing: apt-get install --reinstall dovecot-core`;
  if (!perlHasSyscallPh()) return 'perl (with syscall.ph) is missing: apt-get install perl';
  return null;
}

export async function startDovecot(opts: { users?: DovecotUser[] } = {}): Promise<Dovecot> {
  const reason = dovecotUnavailable();
  if (reason) throw new Error(reason);
  // A copy: setPassword changes this instance's users, not the caller's objects.
  const users = (opts.users ?? [{ user: 'sender@example.com', password: 'imap-password' }]).map((u) => ({
    ...u,
  }));
  checkUsers(users);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-dovecot-'));
  try {
    // Dovecot cannot listen on port 0, so the port is found by binding port 0 and closing it;
    // between that and master binding it, another process may take it. Master then exits at once
    // ("listen(…) failed: Address already in use") and we try again with a new port.
    for (let attempt = 1; ; attempt++) {
      try {
        return await startIn(root, users);
      } catch (err) {
        if (!(err instanceof PortTakenError) || attempt === 3) throw err;
      }
    }
  } catch (err) {
    fs.rmSync(root, { recursive: true, force: true });
    throw err;
  }
}

class PortTakenError extends Error {}

const SMTP_AUTH_SOCKET = 'smtp-auth';

async function startIn(root: string, users: DovecotUser[]): Promise<Dovecot> {
  const conf = path.join(root, 'dovecot.conf');
  const passwd = path.join(root, 'passwd');
  const maildir = path.join(root, 'mail');
  const logFile = path.join(root, 'dovecot.log');
  // A retry starts from scratch in the same folder.
  for (const name of fs.readdirSync(root)) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  // mkdtemp makes the folder 0700; auth (user dovecot) reads the password file, mail runs as nobody.
  fs.chmodSync(root, 0o755);
  fs.mkdirSync(maildir);
  const mailOwner = idOf(MAIL_USER);
  fs.chownSync(maildir, mailOwner.uid, mailOwner.gid);
  const writePasswd = () => {
    const next = `${passwd}.next`;
    fs.writeFileSync(next, users.map((u) => `${u.user}:{PLAIN}${u.password}::::::\n`).join(''), {
      mode: 0o640,
    });
    fs.chownSync(next, 0, idOf(INTERNAL_USER).gid);
    fs.renameSync(next, passwd);
  };
  writePasswd();

  const port = await freeLoopbackPort();
  const tag = crypto.randomBytes(6).toString('hex');
  // Process titles become `dovecot-<instance_name>/<service>`, which is how processes() finds them.
  const instance = `tailor-${tag}`;
  fs.writeFileSync(
    conf,
    `${[
      `instance_name = ${instance}`,
      `base_dir = ${path.join(root, 'run')}`,
      // Master keeps its list of instances here (the default is /var/lib/dovecot).
      `state_dir = ${path.join(root, 'state')}`,
      `log_path = ${logFile}`,
      `info_log_path = ${logFile}`,
      'auth_verbose = yes',
      // A failed login is answered at auth's next check (every 0.5 s), not after the default 2 s.
      'auth_failure_delay = 0',
      'protocols = imap',
      'listen = 127.0.0.1',
      // The greeting names this instance, so we know it is ours that answers on the port.
      `login_greeting = private-dovecot-${tag} ready`,
      // Plain-text LOGIN without TLS, on loopback only. 2.3 counts loopback clients as secured
      // anyway; this says so for any address (2.4 calls it auth_allow_cleartext = yes).
      'ssl = no',
      'disable_plaintext_auth = no',
      `default_login_user = ${LOGIN_USER}`,
      `default_internal_user = ${INTERNAL_USER}`,
      `mail_location = maildir:${maildir}/%u`,
      'mail_fsync = never',
      'passdb {',
      '  driver = passwd-file',
      `  args = scheme=PLAIN ${passwd}`,
      '}',
      'userdb {',
      // Every user's mail is accessed as nobody: Dovecot refuses root, and this is no real account.
      '  driver = static',
      `  args = uid=${mailOwner.uid} gid=${mailOwner.gid} home=${maildir}/%u`,
      '}',
      // Nor does a failed login slow down the next ones from 127.0.0.1 (auth penalty: 2 s, doubling
      // to 15 s): auth cannot open anvil's penalty socket, so it keeps no penalties.
      'service anvil {',
      '  unix_listener anvil-auth-penalty {',
      '    mode = 0',
      '  }',
      '}',
      // For a private Postfix's SMTP AUTH: its smtpd runs as postfix, so anyone may connect.
      'service auth {',
      `  unix_listener ${path.join(root, 'run', SMTP_AUTH_SOCKET)} {`,
      '    mode = 0666',
      '  }',
      '}',
      'service imap-login {',
      '  inet_listener imap {',
      '    address = 127.0.0.1',
      `    port = ${port}`,
      '  }',
      // No IMAPS: port 0 disables the listener (its default is 993).
      '  inet_listener imaps {',
      '    port = 0',
      '  }',
      '}',
    ].join('\n')}\n`,
  );

  const child = spawn('perl', ['-e', REAPER, DOVECOT, '-F', '-c', conf], { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  // If the test process ends without stop(), the reaper sees its stdin close and stops master.
  const onExit = () => child.kill('SIGTERM');
  process.once('exit', onExit);
  const readLog = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');
  const processes = () => {
    const pids = instanceProcesses(instance, conf);
    return hasExited ? pids : [child.pid!, ...pids];
  };

  const stop = async () => {
    process.off('exit', onExit);
    if (!hasExited) child.kill('SIGTERM');
    // The reaper exits once master and everything it started have exited: about 1.3 s, most of it
    // master's own wait for its processes to close their listeners. SIGKILL is only a fallback.
    if (!(await within(exited, 15_000))) {
      for (const pid of [child.pid!, ...instanceProcesses(instance, conf)]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {}
      }
      await exited;
    }
  };
  try {
    await waitForGreeting(port, `private-dovecot-${tag}`, exited, 'a LOGOUT');
  } catch (err) {
    await stop();
    const text = `${output}\n${readLog()}`;
    if (/Address already in use/.test(text)) throw new PortTakenError(`port ${port} was taken`);
    throw new Error(`private dovecot did not start: ${(err as Error).message}\n${text}`);
  }
  const masterPid = Number(fs.readFileSync(path.join(root, 'run', 'master.pid'), 'utf8').trim());

  const passwordOf = (user: string) => {
    const found = users.find((u) => u.user === user);
    if (!found)
      throw new Error(`no user ${user} in this dovecot (users: ${users.map((u) => u.user).join(', ')})`);
    return found.password;
  };
  const session = async <T>(user: string, work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: passwordOf(user) },
      logger: false,
    });
    // An unheard 'error' event would throw out of the emitter; failures reach us through the calls.
    client.on('error', () => {});
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };
  const doveadm = (args: string[]) =>
    execFileSync(DOVEADM, ['-c', conf, ...args], { encoding: 'utf8', stdio: 'pipe' }).trim();

  return {
    host: '127.0.0.1',
    port,
    users,
    dir: root,
    pid: masterPid,
    authSocket: path.join(root, 'run', SMTP_AUTH_SOCKET),
    processes,
    append: (user, raw, { mailbox = 'INBOX', flags, date } = {}) =>
      session(user, async (client) => {
        const res = await client.append(mailbox, raw, flags, date);
        // Dovecot has UIDPLUS, so APPEND answers with the new message's UID and UIDVALIDITY.
        if (!res || res.uid === undefined || res.uidValidity === undefined)
          throw new Error(`APPEND to ${user}'s ${mailbox} gave no APPENDUID: ${JSON.stringify(res)}`);
        return { uid: res.uid, uidValidity: Number(res.uidValidity) };
      }),
    uidValidity: (user, mailbox = 'INBOX') =>
      session(user, async (client) => {
        const status = await client.status(mailbox, { uidValidity: true });
        if (!status || status.uidValidity === undefined)
          throw new Error(`no UIDVALIDITY in STATUS of ${user}'s ${mailbox}`);
        return Number(status.uidValidity);
      }),
    async resetUidValidity(user, mailbox = 'INBOX') {
      passwordOf(user);
      // IMAP cannot do this (INBOX cannot even be deleted), so it is done on the store with doveadm,
      // which reads our dovecot.conf and works as the mail user.
      const current = /uidvalidity=(\d+)/.exec(
        doveadm(['mailbox', 'status', '-u', user, 'uidvalidity', mailbox]),
      )?.[1];
      if (!current) throw new Error(`doveadm gave no UIDVALIDITY for ${user}'s ${mailbox}`);
      const next = Number(current) + 1;
      doveadm(['mailbox', 'update', '-u', user, '--uid-validity', String(next), mailbox]);
      return next;
    },
    async setPassword(user, password) {
      passwordOf(user);
      checkUsers([{ user, password }]);
      users.find((u) => u.user === user)!.password = password;
      writePasswd();
      const deadline = Date.now() + 10_000;
      for (;;) {
        try {
          doveadm(['auth', 'test', user, password]);
          return;
        } catch (err) {
          if (Date.now() > deadline) throw new Error(`Dovecot kept the old password of ${user}: ${err}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    },
    log: readLog,
    async stop() {
      await stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

function checkUsers(users: DovecotUser[]) {
  const seen = new Set<string>();
  for (const { user, password } of users) {
    // One passwd-file line each (fields split on ':'), and the user names a Maildir folder.
    if (!/^[A-Za-z0-9._+@-]+$/.test(user) || user.startsWith('.'))
      throw new Error(`user ${JSON.stringify(user)}: use letters, digits and . _ + @ - only`);
    if (!password || /[:\r\n]/.test(password))
      throw new Error(`${user}'s password must be non-empty, without ':' or line breaks`);
    if (seen.has(user)) throw new Error(`user ${user} is listed twice`);
    seen.add(user);
  }
}

/**
 * Pids of this instance's Dovecot processes: master (`/usr/sbin/dovecot -F -c <conf>`) and those it
 * started, whose titles master sets to `dovecot-<instance_name>/<service>`.
 */
function instanceProcesses(instance: string, conf: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let argv: string[];
    try {
      argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // gone meanwhile
    }
    const isMaster = argv[0] === DOVECOT && argv.includes(conf);
    if (isMaster || argv[0]!.startsWith(`dovecot-${instance}/`)) pids.push(Number(entry));
  }
  return pids.sort((a, b) => a - b);
}

function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
