import { execFileSync } from 'node:child_process';
import net from 'node:net';

// What the private mail servers of the peer tests (Postfix, Dovecot) share: the process reaper,
// a free loopback port, the wait for the server's greeting, and the checks of what is installed.

/**
 * The reaper between a test and a mail server's master process (Postfix's, Dovecot's), run as
 * `perl -e REAPER <master> <args…>`. Masters do not always wait for their processes before they
 * exit (Dovecot's open IMAP sessions go on until their client leaves); orphaned, those would end as
 * zombies until init reaps them, and this machine's init is slow to. The reaper makes itself a child
 * subreaper, so they are reaped here; starts master in a session of its own, so master's own "kill
 * my process group" stays inside the server; forwards SIGTERM to master; once master has exited,
 * sends SIGTERM to what is left of its process group (a stopped server's sessions end at once); and
 * stops master when its stdin closes, i.e. when the test process is gone. It exits, with master's
 * status, once every descendant has exited.
 */
export const REAPER = String.raw`
use strict; use warnings; use POSIX ();
require 'syscall.ph';
syscall(&SYS_prctl, 36, 1, 0, 0, 0) == 0 or die "prctl(PR_SET_CHILD_SUBREAPER): $!\n";
my $master = fork() // die "fork: $!\n";
if (!$master) { POSIX::setsid(); exec(@ARGV) or die "exec $ARGV[0]: $!\n"; }
my $stopping = 0;
my $stop = sub { kill('TERM', $master) unless $stopping++ };
$SIG{TERM} = $stop; $SIG{INT} = $stop;
my ($status, $ended);
my $rin = ''; vec($rin, fileno(STDIN), 1) = 1; my $stdin_open = 1;
while (1) {
  while ((my $pid = waitpid(-1, POSIX::WNOHANG())) > 0) { $status = $? if $pid == $master; }
  kill('TERM', -$master) if defined $status && !$ended++;
  last if defined $status && waitpid(-1, POSIX::WNOHANG()) == -1;
  if ($stdin_open && select(my $rout = $rin, undef, undef, 0.1) > 0) {
    if (sysread(STDIN, my $buf, 64) == 0) { $stdin_open = 0; $stop->(); }
  } elsif (!$stdin_open) { select(undef, undef, undef, 0.1); }
}
exit(($status >> 8) || ($status & 127));
`;

/** A loopback port free right now; the server may still lose it to another process (callers retry). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once a greeting containing `marker` (unique to this instance) arrives on the port, so
 * another server that got the port is not taken for ours. `quit` ends the probe's session politely.
 */
export async function waitForGreeting(port: number, marker: string, exited: Promise<unknown>, quit: string) {
  const deadline = Date.now() + 30_000;
  const gone = exited.then(() => {
    throw new Error('master exited');
  });
  gone.catch(() => {});
  let last = '';
  while (Date.now() < deadline) {
    const greeting = await Promise.race([
      readGreeting(port, quit).catch((err: Error) => `(${err.message})`),
      gone,
    ]);
    if (greeting.includes(marker)) return;
    last = greeting;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no greeting from our instance on port ${port}; last: ${last}`);
}

function readGreeting(port: number, quit: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setTimeout(5_000, () => socket.destroy(new Error('timeout')));
    socket.on('data', (d) => {
      text += d;
      if (text.includes('\n')) {
        socket.end(`${quit}\r\n`);
        resolve(text);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
  });
}

export function idOf(user: string) {
  const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

export function userExists(user: string) {
  try {
    idOf(user);
    return true;
  } catch {
    return false;
  }
}

export function perlHasSyscallPh() {
  try {
    execFileSync('perl', ['-e', 'require "syscall.ph"; exit 0'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}
