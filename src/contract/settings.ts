import { z } from 'zod';

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** GET /api/sender-settings (docs/product.md §9). */
export const senderSettings = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  signature: z.string().nullable(),
  companyName: z.string().nullable(),
  streetAddress: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** The default unsubscribe message (docs/product.md §3) built from these settings. */
  defaultUnsubscribeMessage: z.string(),
  /** True when PUBLIC_URL points at a loopback host: links in emails would not reach recipients. */
  publicUrlIsLoopback: z.boolean(),
});
export type SenderSettings = z.infer<typeof senderSettings>;

/** POST /api/sender-settings: name, email, signature, optional company fields. */
export const saveSenderSettingsBody = z
  .object({
    name: optionalText(200),
    email: z.string().trim().max(254).nullable().optional(),
    signature: z.string().max(20_000).nullable().optional(),
    companyName: optionalText(200),
    streetAddress: optionalText(200),
    city: optionalText(100),
    state: optionalText(100),
    zipCode: optionalText(20),
    phoneNumber: optionalText(40),
  })
  .strict();
export type SaveSenderSettingsBody = z.infer<typeof saveSenderSettingsBody>;

/**
 * POST /api/check-dns-records. Without a domain the server checks the sender address's domain, else
 * the deployment's MAIL_DOMAIN (docs/product.md §9): a local address such as you@localhost has none.
 */
export const dnsCheckBody = z.object({ domain: z.string().trim().min(1).max(253).optional() }).strict();
/**
 * One check's verdict: `pass`, `missing` (no record), or `invalid` (records that receivers reject or
 * ignore under the RFCs, e.g. two SPF records or a revoked DKIM key); `reason` says which, for the user.
 */
export const dnsCheckVerdict = z.object({
  status: z.enum(['pass', 'missing', 'invalid']),
  reason: z.string(),
});
export type DnsCheckVerdict = z.infer<typeof dnsCheckVerdict>;
export const dnsCheckResult = z.object({
  /** The domain whose records these are, lower-cased. */
  domain: z.string(),
  /** When the server looked them up (ISO time). */
  checkedAt: z.string(),
  /** True only when the check passes (`checks.*.status` is `pass`). */
  spf: z.boolean(),
  dkim: z.boolean(),
  dmarc: z.boolean(),
  checks: z.object({ spf: dnsCheckVerdict, dkim: dnsCheckVerdict, dmarc: dnsCheckVerdict }),
  details: z.object({
    spfRecords: z.array(z.string()),
    dkimRecords: z.array(z.string()),
    dmarcRecords: z.array(z.string()),
  }),
});
export type DnsCheckResult = z.infer<typeof dnsCheckResult>;

/** GET /api/daily-email-stats (docs/product.md §9), for the user's current day. */
export const dailyEmailStats = z.object({
  day: z.string(),
  sentWithUnsubscribe: z.number(),
  sentWithoutUnsubscribe: z.number(),
  limitWithUnsubscribe: z.number(),
  limitWithoutUnsubscribe: z.number(),
});
export type DailyEmailStats = z.infer<typeof dailyEmailStats>;
