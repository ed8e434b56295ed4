import nodemailer, { type Transporter } from 'nodemailer';
import { MailRetryableError } from './mail-errors';
import type { MailTransport } from './mail-transport';

const pools = new Map<string, Transporter>();

/**
 * SMTP through nodemailer (SMTP_URL). Pooled: connections are reused, so the server's greeting
 * delay and the TLS handshake are paid once per connection, not per message. SMTP has no Sent
 * folder to ask, so interrupted sends are settled by the user.
 */
export function smtpTransport(url: string): MailTransport {
  let transporter = pools.get(url);
  if (!transporter) {
    transporter = nodemailer.createTransport(
      `${url}${url.includes('?') ? '&' : '?'}pool=true&maxConnections=4&maxMessages=1000`,
    );
    pools.set(url, transporter);
  }
  const pool = transporter;
  return {
    kind: 'smtp',
    async send(message) {
      try {
        const info = await pool.sendMail({
          envelope: { from: message.from, to: [message.to] },
          // The raw message carries this already; given here, nodemailer does not make one of its own.
          messageId: message.messageId,
          raw: message.raw,
        });
        return { providerMessageId: info.response ?? null };
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        const text = err instanceof Error ? err.message : String(err);
        // 4xx replies and dropped connections are temporary; 5xx replies are the server's final no.
        if (code === undefined || (code >= 400 && code < 500)) throw new MailRetryableError(`SMTP: ${text}`);
        throw new Error(`The mail server refused the message (${code}): ${text}`);
      }
    },
    findSent: async () => null,
  };
}

export function closeSmtpPools() {
  for (const pool of pools.values()) pool.close();
  pools.clear();
}
