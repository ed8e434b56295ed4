import { z } from 'zod';
import { oneLineError } from './one-line';
import { senderProfile, senderProfileInput } from './sender-profile';

export { oneLineError };

/** The Settings page's label of each one-line sender setting, which its errors name. */
export const SENDER_FIELD_LABELS = {
  name: 'Sender Name',
  email: 'Sender Email',
  companyName: 'Company Name',
  streetAddress: 'Street Address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP Code',
  phoneNumber: 'Phone Number',
  recipientReason: 'Why Recipients Hear From You',
} as const;

/**
 * One line of text a sender setting holds: it goes into the From line and the footer, where a line
 * break could start a header of its own ("Alice\r\nBcc: …"), so it is refused at input, naming the field.
 */
const oneLine = (field: keyof typeof SENDER_FIELD_LABELS, max: number) => {
  const label = SENDER_FIELD_LABELS[field];
  return z
    .string()
    .trim()
    .max(max)
    .refine((value) => oneLineError(label, value) === null, {
      message: oneLineError(label, '\n') ?? undefined,
    })
    .nullable()
    .optional();
};

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
  /** Why recipients hear from the sender ("you signed up at acme.com"): fills the footer's "[reason]". */
  recipientReason: z.string().nullable(),
  /** The default unsubscribe message (docs/product.md §3) built from these settings. */
  defaultUnsubscribeMessage: z.string(),
  /** True when PUBLIC_URL points at a loopback host: links in emails would not reach recipients. */
  publicUrlIsLoopback: z.boolean(),
  /**
   * The domain the DNS check looks at when none is given: the sender address's, else MAIL_DOMAIN;
   * null when there is none (a local address such as you@localhost and no MAIL_DOMAIN).
   */
  dnsDomain: z.string().nullable(),
  /** What the AI may say about the sender and must never claim (docs/product.md §9, Sender Profile). */
  profile: senderProfile,
});
export type SenderSettings = z.infer<typeof senderSettings>;

/**
 * POST /api/sender-settings: name, email, signature, optional company fields, each one line of text,
 * and the sender profile. Fields left out keep their saved values.
 */
export const saveSenderSettingsBody = z
  .object({
    name: oneLine('name', 200),
    email: oneLine('email', 254),
    signature: z.string().max(20_000).nullable().optional(),
    companyName: oneLine('companyName', 200),
    streetAddress: oneLine('streetAddress', 200),
    city: oneLine('city', 100),
    state: oneLine('state', 100),
    zipCode: oneLine('zipCode', 20),
    phoneNumber: oneLine('phoneNumber', 40),
    recipientReason: oneLine('recipientReason', 300),
    /** The whole sender profile: given, it replaces the saved one; left out, that stays as it is. */
    profile: senderProfileInput.optional(),
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
