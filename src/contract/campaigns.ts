import { z } from 'zod';

export const campaignStatus = z.enum(['draft', 'generating', 'ready', 'scheduled', 'sending', 'completed']);
export type CampaignStatus = z.infer<typeof campaignStatus>;

/** A campaign as lists and editors see it (SPEC §3 Campaign). */
export const campaign = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  status: campaignStatus,
  templateId: z.number().nullable(),
  recipientCount: z.number(),
  columnMapping: z.record(z.string(), z.string()),
  includeUnsubscribeLink: z.boolean(),
  unsubscribeMessage: z.string().nullable(),
  createdAt: z.string(),
  archivedAt: z.string().nullable(),
});
export type Campaign = z.infer<typeof campaign>;
