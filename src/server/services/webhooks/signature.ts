import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '../../../contract/webhooks';

/** A new signing secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks receivers expect. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header of Standard Webhooks 1.0: for each secret, `v1,` and the base64
 * HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with the secret's bytes; several are separated
 * by spaces (during a rotation the receiver may hold either secret).
 */
export function signWebhook(secrets: string[], messageId: string, timestampSeconds: number, body: string) {
  const signed = `${messageId}.${timestampSeconds}.${body}`;
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
      return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
    })
    .join(' ');
}
