import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook } from './signature';

describe('Standard Webhooks signatures', () => {
  it('verify with the reference package, with either secret during a rotation', () => {
    const [old, fresh] = [newWebhookSecret(), newWebhookSecret()];
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({
      type: 'email.sent',
      timestamp: '2026-11-29T12:00:00Z',
      data: { emailId: 1 },
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook([fresh, old], 'msg_1', timestamp, body),
    };
    expect(new Webhook(fresh).verify(body, headers)).toMatchObject({ type: 'email.sent' });
    expect(new Webhook(old).verify(body, headers)).toMatchObject({ type: 'email.sent' });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(fresh).verify(`${body} `, headers)).toThrow();
  });
});
