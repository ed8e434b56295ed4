import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One POST as the receiver saw it: verified with the `standardwebhooks` package, or why not. */
export type ReceivedWebhook = {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
  signature: string;
  /** The secret (of those the receiver holds) that verified it; null when none did. */
  verifiedWith: string | null;
};

/** What the receiver does with the next request: answer, never answer, or drop the connection. */
export type Answer =
  | { status: number; headers?: Record<string, string>; body?: string; delayMs?: number }
  | 'hang'
  | 'reset';

/**
 * A receiver as a customer would write one, verifying every delivery with the Standard Webhooks
 * reference package (not Tailor's own code). Every request is kept, verified or not, in order;
 * `answer` scripts the reply to each. It can be stopped and started again on the same port.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let secrets: string[] = [];
  let answer: (request: ReceivedWebhook) => Answer = () => ({ status: 204 });
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const verifiedWith =
        secrets.find((secret) => {
          try {
            new Webhook(secret).verify(body, headers);
            return true;
          } catch {
            return false;
          }
        }) ?? null;
      const parsed = safeJson(body);
      const entry: ReceivedWebhook = {
        id: headers['webhook-id'] ?? '',
        type: String(parsed?.type ?? ''),
        timestamp: String(parsed?.timestamp ?? ''),
        data: (parsed?.data ?? {}) as Record<string, unknown>,
        signature: headers['webhook-signature'] ?? '',
        verifiedWith,
      };
      received.push(entry);
      const reply = answer(entry);
      if (reply === 'reset') return req.socket.destroy();
      if (reply === 'hang') {
        hanging.add(res);
        return;
      }
      const send = () => res.writeHead(reply.status, reply.headers).end(reply.body ?? '');
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await listen(server, 0);
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    /** The secrets a delivery may be signed with (a receiver mid-rotation holds two). */
    trust(...list: string[]) {
      secrets = list;
    },
    answerWith(fn: (request: ReceivedWebhook) => Answer) {
      answer = fn;
    },
    /** Down: the port refuses connections until `start`. */
    async stop() {
      for (const res of hanging) res.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    start: () => listen(server, port),
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close();
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

function listen(server: http.Server, port: number) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function safeJson(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}
