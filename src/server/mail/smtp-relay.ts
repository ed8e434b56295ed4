import { Readable } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { SmtpSettings } from '../config';

/** Connections to one relay at once; each carries many messages, one after another. */
const MAX_CONNECTIONS = 4;
/** Messages per connection before it is replaced (relays limit a session's transactions). */
const MAX_MESSAGES = 1000;
/** An unused connection is closed after this long, well inside the relay's own idle limit. */
const IDLE_MS = 60_000;

/** A failed send, and whether the whole message had been handed to the relay by then. */
export type RelayError = Error & {
  code?: string;
  originalCode?: string;
  responseCode?: number;
  command?: string;
  handedOver: boolean;
};

type Connection = { smtp: SMTPConnection; sent: number; broken: boolean; idleTimer?: NodeJS.Timeout };

/**
 * A small pool of SMTP connections to one relay, over nodemailer's SMTPConnection. Ours rather
 * than nodemailer's pool because exactly-once sending needs to know how far a failed message got:
 * SMTPConnection reads the message only once the relay said 354 to DATA, so a message stream read
 * to its end means the relay may have it, and one never read means it cannot.
 */
export class SmtpRelay {
  private idle: Connection[] = [];
  private open = 0;
  private waiting: (() => void)[] = [];
  private closed = false;
  private readonly target: { host: string; port: number; secure: boolean; user?: string; pass?: string };

  constructor(private readonly settings: SmtpSettings) {
    const url = new URL(settings.url);
    const secure = url.protocol === 'smtps:';
    this.target = {
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(url.port) || (secure ? 465 : 587),
      secure,
      user: url.username ? decodeURIComponent(url.username) : undefined,
      pass: url.password ? decodeURIComponent(url.password) : undefined,
    };
  }

  /** Sends one message; the relay's reply on success, a RelayError otherwise. */
  async send(envelope: { from: string; to: string[] }, raw: string): Promise<string> {
    let conn: Connection;
    try {
      conn = await this.acquire();
    } catch (err) {
      throw Object.assign(err as Error, { handedOver: false });
    }
    let handedOver = false;
    const message = Readable.from([raw]);
    message.once('end', () => {
      handedOver = true;
    });
    try {
      const info = await new Promise<{ response: string }>((resolve, reject) =>
        conn.smtp.send(envelope, message, (err, result) => (err ? reject(err) : resolve(result!))),
      );
      conn.sent++;
      this.release(conn, true);
      return info.response;
    } catch (err) {
      // After a failed transaction the session's state is in doubt: start the next on a new one.
      this.release(conn, false);
      throw Object.assign(err as Error, { handedOver });
    }
  }

  /**
   * Opens one connection as a send would (greeting, EHLO, TLS, login) and quits, outside the pool:
   * what the doctor reports. Set-up failures are thrown as they come, as RelayErrors without handedOver.
   */
  async probe(): Promise<{ tls: boolean; loggedIn: boolean; hasUser: boolean; loginOffered: boolean }> {
    const { smtp } = await this.connect();
    const found = {
      tls: smtp.secure,
      loggedIn: smtp.authenticated,
      hasUser: this.target.user !== undefined,
      loginOffered: smtp.allowsAuth,
    };
    smtp.quit();
    return found;
  }

  /** Closes every connection; sends still running finish or fail on their own. */
  close() {
    this.closed = true;
    for (const conn of this.idle.splice(0)) this.discard(conn);
    for (const wake of this.waiting.splice(0)) wake();
  }

  private async acquire(): Promise<Connection> {
    for (;;) {
      if (this.closed) throw new Error('The SMTP relay connection pool is closed');
      const idle = this.idle.pop();
      if (idle) {
        clearTimeout(idle.idleTimer);
        if (!idle.broken) return idle;
        this.discard(idle);
        continue;
      }
      if (this.open < MAX_CONNECTIONS) {
        this.open++;
        try {
          return await this.connect();
        } catch (err) {
          this.open--;
          this.waiting.shift()?.();
          throw err;
        }
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private release(conn: Connection, reusable: boolean) {
    if (reusable && !conn.broken && !this.closed && conn.sent < MAX_MESSAGES) {
      conn.idleTimer = setTimeout(() => {
        this.idle = this.idle.filter((c) => c !== conn);
        this.discard(conn);
      }, IDLE_MS);
      conn.idleTimer.unref();
      this.idle.push(conn);
    } else {
      this.discard(conn);
    }
    this.waiting.shift()?.();
  }

  private discard(conn: Connection) {
    this.open--;
    if (conn.broken) conn.smtp.close();
    else conn.smtp.quit();
    conn.broken = true;
  }

  private async connect(): Promise<Connection> {
    const { settings, target } = this;
    const smtp = new SMTPConnection({
      host: target.host,
      port: target.port,
      secure: target.secure,
      name: settings.name,
      requireTLS: settings.startTls === 'required',
      ignoreTLS: settings.startTls === 'never',
      tls: { ca: settings.tlsCa, rejectUnauthorized: settings.tlsRejectUnauthorized },
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs,
      logger: false,
    });
    const conn: Connection = { smtp, sent: 0, broken: false };
    // Errors also reach the callback of whatever was running; the listener only marks the
    // connection unusable (an 'error' without a listener would be thrown).
    smtp.on('error', () => {
      conn.broken = true;
    });
    smtp.on('end', () => {
      conn.broken = true;
    });
    try {
      await this.setUp(smtp);
    } catch (err) {
      smtp.close();
      throw err;
    }
    return conn;
  }

  /**
   * Greeting, EHLO, STARTTLS and login. A failure on the way arrives as the connect or login
   * callback's error, as an 'error' event (TLS and socket errors), or only as the connection's end.
   */
  private setUp(smtp: SMTPConnection) {
    const { user, pass } = this.target;
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const finish = (err?: Error | null) => {
        if (settled) return;
        settled = true;
        smtp.off('error', finish);
        smtp.off('end', ended);
        if (err) reject(err);
        else resolve();
      };
      const ended = () =>
        finish(
          Object.assign(new Error('The relay closed the connection during set-up'), { code: 'ECONNECTION' }),
        );
      smtp.on('error', finish);
      smtp.once('end', ended);
      smtp.connect((err) => {
        if (err) return finish(err);
        // As nodemailer's own pool: log in only where the relay offers AUTH.
        if (user === undefined || !smtp.allowsAuth) return finish();
        smtp.login({ credentials: { user, pass: pass ?? '' } }, (loginError) => finish(loginError));
      });
    });
  }
}
