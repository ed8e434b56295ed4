import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freeLoopbackPort, idOf, perlHasSyscallPh, REAPER, userExists, waitForGreeting } from './mail-daemon';

/**
 * A private Postfix for tests: its own main.cf, master.cf, queue, data and Maildirs in a temporary
 * folder, listening on a loopback port, delivering every address at `domain` into Maildirs. It never
 * reads or writes /etc/postfix or /var/spool/postfix, and sends nothing out (every non-local
 * destination goes to the `error` transport), so it works offline.
 *
 * Postfix's `master` runs in the foreground (`-d`) under a small Perl reaper (below) that is our
 * child, rather than daemonised by `postfix -c <dir> start`: close() sends master SIGTERM, which
 * is all `postfix -c <dir> stop` does, then waits until every Postfix process has exited, and
 * nothing is left behind if the test process dies. It needs root (master starts as root and its
 * daemons switch to the postfix user), which is how the tests run in CI.
 */
export type PrivatePostfix = {
  port: number;
  /** For the app's SMTP_URL. */
  smtpUrl: string;
  /** The domain it delivers locally: mail to anyone@domain lands in a Maildir. */
  domain: string;
  /** The Maildir root: `<maildir>/<domain>/<mailbox>/{new,cur,tmp}`. */
  maildir: string;
  /**
   * Every delivered message, read from the Maildirs' `new/` and `cur/` folders (Postfix writes
   * into `tmp/` and renames, so a file seen there is complete). Postfix stores lines with LF endings.
   */
  messages(): Promise<DeliveredMessage[]>;
  /** Postfix's log so far (maillog_file), for failure reports. */
  maillog(): string;
  close(): Promise<void>;
};

export type DeliveredMessage = { path: string; mailbox: string; raw: string };

const POSTFIX = '/usr/sbin/postfix';

/** Why a private Postfix cannot run here, or null when it can. */
export function postfixUnavailable(): string | null {
  if (!fs.existsSync(POSTFIX) || !fs.existsSync('/usr/sbin/postconf'))
    return `postfix is not installed (${POSTFIX} missing): apt-get install postfix spamassassin`;
  const master = path.join(postconfDefault('daemon_directory', '/usr/lib/postfix/sbin'), 'master');
  if (!fs.existsSync(master))
    return `postfix's master daemon is missing (${master}): apt-get install --reinstall postfix`;
  if (process.getuid?.() !== 0) return "postfix's master daemon must start as root; run the tests as root";
  if (!userExists('postfix')) return 'the postfix user is missing: apt-get install --reinstall postfix';
  if (!perlHasSyscallPh()) return 'perl (with syscall.ph) is missing: apt-get install perl';
  return null;
}

export async function startPrivatePostfix(
  opts: {
    /** Local parts that get a Maildir of their own; mail to any other address at the domain goes to `catchall`. */
    mailboxes?: string[];
    /**
     * Networks (CIDR) besides loopback whose clients may connect, e.g. containers reaching this
     * machine through their bridge: Postfix then listens on every IPv4 address and refuses any
     * client outside loopback and these networks.
     */
    clients?: string[];
    /**
     * A Dovecot authentication socket (a private Dovecot's `authSocket`): Postfix then offers SMTP
     * AUTH against Dovecot's users and accepts mail only from clients that logged in, as a
     * provider's submission server does.
     */
    saslSocket?: string;
  } = {},
): Promise<PrivatePostfix> {
  const reason = postfixUnavailable();
  if (reason) throw new Error(reason);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-postfix-'));
  try {
    // The port is found by binding port 0 and closing it; between that and master binding it,
    // another process may take it (a tiny race). master then exits with "bind … Address already
    // in use", and we try once more with a new port.
    try {
      return await startIn(root, opts.mailboxes ?? [], opts.clients ?? [], opts.saslSocket);
    } catch (err) {
      if (!(err instanceof PortTakenError)) throw err;
      return await startIn(root, opts.mailboxes ?? [], opts.clients ?? [], opts.saslSocket);
    }
  } catch (err) {
    fs.rmSync(root, { recursive: true, force: true });
    throw err;
  }
}

class PortTakenError extends Error {}

const DOMAIN = 'peers.test';

async function startIn(
  root: string,
  mailboxes: string[],
  clients: string[],
  saslSocket: string | undefined,
): Promise<PrivatePostfix> {
  const conf = path.join(root, 'conf');
  const queue = path.join(root, 'queue');
  const data = path.join(root, 'data');
  const maildir = path.join(root, 'mail');
  const maillog = path.join(root, 'maillog');
  // A retry starts from scratch in the same folder.
  for (const dir of [conf, queue, data, maildir]) fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(maillog, { force: true });
  for (const dir of [conf, queue, data, maildir]) fs.mkdirSync(dir);
  // mkdtemp makes the folder 0700; Postfix's daemons (user postfix) and the Maildir owner must get in.
  fs.chmodSync(root, 0o755);
  const postfixUser = idOf('postfix');
  fs.chownSync(data, postfixUser.uid, postfixUser.gid);
  // Mail is written as nobody: virtual(8) refuses to deliver as root, and this is no real account.
  const owner = idOf('nobody');
  fs.chownSync(maildir, owner.uid, owner.gid);

  const port = await freeLoopbackPort();
  const tag = crypto.randomBytes(6).toString('hex');
  const daemonDir = postconfDefault('daemon_directory', '/usr/lib/postfix/sbin');
  fs.writeFileSync(
    path.join(conf, 'main.cf'),
    `${[
      'compatibility_level = 3.6',
      `queue_directory = ${queue}`,
      `data_directory = ${data}`,
      `command_directory = ${postconfDefault('command_directory', '/usr/sbin')}`,
      `daemon_directory = ${daemonDir}`,
      `shlib_directory = ${postconfDefault('shlib_directory', '/usr/lib/postfix')}`,
      `meta_directory = ${postconfDefault('meta_directory', '/etc/postfix')}`,
      'mail_owner = postfix',
      'setgid_group = postdrop',
      `myhostname = mx.${DOMAIN}`,
      `mydomain = ${DOMAIN}`,
      `myorigin = ${DOMAIN}`,
      // The banner names this instance, so we know it is ours that answers on the port.
      `smtpd_banner = $myhostname ESMTP private-postfix-${tag}`,
      `inet_interfaces = ${clients.length > 0 ? 'all' : '127.0.0.1'}`,
      'inet_protocols = ipv4',
      `mynetworks = ${['127.0.0.0/8', ...clients].join(' ')}`,
      'smtpd_client_restrictions = permit_mynetworks, reject',
      ...(saslSocket
        ? [
            'smtpd_sasl_auth_enable = yes',
            'smtpd_sasl_type = dovecot',
            `smtpd_sasl_path = ${saslSocket}`,
            // Plain-text AUTH on loopback, as the private Dovecot allows it; no TLS here.
            'smtpd_tls_auth_only = no',
            'smtpd_relay_restrictions = permit_sasl_authenticated, reject',
            'smtpd_recipient_restrictions = permit_sasl_authenticated, reject',
          ]
        : ['smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination']),
      // Offline: no reverse lookup of clients, no DNS for anything.
      'smtpd_peername_lookup = no',
      'smtp_dns_support_level = disabled',
      'smtputf8_enable = yes',
      // Virtual mailboxes are delivered by virtual(8), so the domain must not be in mydestination.
      'mydestination =',
      'local_recipient_maps =',
      'alias_maps =',
      'alias_database =',
      'relayhost =',
      'biff = no',
      // Nothing leaves: bounces to outside senders and any relaying end at the error transport.
      'default_transport = error:this private test instance sends no mail out',
      'relay_transport = error:this private test instance sends no mail out',
      `virtual_mailbox_domains = ${DOMAIN}`,
      `virtual_mailbox_base = ${maildir}`,
      // virtual(8) refuses regexp substitution ($1) in its maps, so each mailbox is listed; the
      // trailing slash makes it a Maildir.
      `virtual_mailbox_maps = texthash:${path.join(conf, 'mailboxes')}`,
      `virtual_uid_maps = static:${owner.uid}`,
      `virtual_gid_maps = static:${owner.gid}`,
      'virtual_minimum_uid = 1',
      `maillog_file = ${maillog}`,
      `maillog_file_prefixes = ${root}`,
    ].join('\n')}\n`,
  );
  const mailboxLines = mailboxes.map((m) => `${m}@${DOMAIN} ${DOMAIN}/${m}/`);
  fs.writeFileSync(
    path.join(conf, 'mailboxes'),
    `${[...mailboxLines, `@${DOMAIN} ${DOMAIN}/catchall/`].join('\n')}\n`,
  );
  // Only the services this instance uses, none chrooted (the queue has no chroot set up).
  fs.writeFileSync(
    path.join(conf, 'master.cf'),
    `${[
      `${clients.length > 0 ? '' : '127.0.0.1:'}${port} inet n - n - - smtpd`,
      'cleanup   unix n - n - 0 cleanup',
      'qmgr      unix n - n 300 1 qmgr',
      'rewrite   unix - - n - - trivial-rewrite',
      'bounce    unix - - n - 0 bounce',
      'defer     unix - - n - 0 bounce',
      'trace     unix - - n - 0 bounce',
      'verify    unix - - n - 1 verify',
      'flush     unix n - n 1000? 0 flush',
      'proxymap  unix - - n - - proxymap',
      'error     unix - - n - - error',
      'retry     unix - - n - - error',
      'discard   unix - - n - - discard',
      'virtual   unix - n n - - virtual',
      'anvil     unix - - n - 1 anvil',
      'scache    unix - - n - 1 scache',
      'postlog   unix-dgram n - n - 1 postlogd',
    ].join('\n')}\n`,
  );
  // Postfix programs re-read a main.cf modified within the last couple of seconds until it looks
  // settled (it might be mid-edit), which costs each start-up ~2 s; written by us, it is complete.
  const settled = new Date(Date.now() - 60_000);
  for (const file of ['main.cf', 'master.cf', 'mailboxes'])
    fs.utimesSync(path.join(conf, file), settled, settled);
  // `postfix -c <dir> check` validates the configuration and creates the queue's folders with
  // Postfix's own owners and modes (postfix-files). As root it takes any config dir: only the
  // set-gid commands (postdrop, postqueue), which we do not use, need alternate_config_directories
  // in the default main.cf.
  execFileSync(POSTFIX, ['-c', conf, 'check'], { stdio: 'pipe' });

  const child = spawn('perl', ['-e', REAPER, path.join(daemonDir, 'master'), '-c', conf, '-d'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  // If the test process ends without close(), the reaper sees its stdin close and stops master.
  const onExit = () => child.kill('SIGTERM');
  process.once('exit', onExit);
  const readLog = () => (fs.existsSync(maillog) ? fs.readFileSync(maillog, 'utf8') : '');

  const stop = async () => {
    process.off('exit', onExit);
    if (!hasExited) child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForGreeting(port, `private-postfix-${tag}`, exited, 'QUIT');
  } catch (err) {
    await stop();
    // master's own "bind … Address already in use" goes nowhere: its log service is not up yet.
    if (await portTaken(port)) throw new PortTakenError(`port ${port} was taken`);
    throw new Error(`private postfix did not start: ${(err as Error).message}\n${output}\n${readLog()}`);
  }
  return {
    port,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    domain: DOMAIN,
    maildir,
    messages: () => readMaildirs(path.join(maildir, DOMAIN)),
    maillog: readLog,
    async close() {
      await stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

async function readMaildirs(base: string): Promise<DeliveredMessage[]> {
  const found: DeliveredMessage[] = [];
  const boxes = fs.existsSync(base) ? await fs.promises.readdir(base) : [];
  for (const mailbox of boxes.sort()) {
    for (const sub of ['new', 'cur']) {
      const dir = path.join(base, mailbox, sub);
      if (!fs.existsSync(dir)) continue;
      for (const name of (await fs.promises.readdir(dir)).sort()) {
        const file = path.join(dir, name);
        found.push({ path: file, mailbox, raw: await fs.promises.readFile(file, 'utf8') });
      }
    }
  }
  return found;
}

function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

function postconfDefault(name: string, fallback: string) {
  try {
    return (
      execFileSync('/usr/sbin/postconf', ['-dh', name], { encoding: 'utf8', stdio: 'pipe' }).trim() ||
      fallback
    );
  } catch {
    return fallback;
  }
}
