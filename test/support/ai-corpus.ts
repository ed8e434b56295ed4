import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { FIXTURES, labelledCampaign, profileSourceText, type senderProfile } from './draft-corpus';

/**
 * The AI campaigns of both labelled corpora in test/fixtures/drafts: `campaigns-*.json`, whose
 * `aiSources` hold the prompt and the sender's settings as one text, and `blind-*.json`, whose
 * `aiSources` hold the prompt alone and whose sender profile stands apart. What the evaluations
 * against a real model (scripts/eval-drafts.ts) write from, and the shape of what they write.
 */

export type SenderProfile = z.infer<typeof senderProfile>;

export const campaignWithSender = labelledCampaign;
export type CampaignWithSender = z.infer<typeof campaignWithSender>;
export const campaignList = z.array(campaignWithSender);

const filesOf = (pattern: RegExp) =>
  fs
    .readdirSync(FIXTURES)
    .filter((f) => pattern.test(f))
    .sort();

/** The AI campaigns, those of `campaigns-*.json` first, then those of `blind-*.json`. */
export function loadAiCampaigns(): CampaignWithSender[] {
  return [...filesOf(/^campaigns-.*\.json$/), ...filesOf(/^blind-.*\.json$/)]
    .flatMap((f) => campaignList.parse(JSON.parse(fs.readFileSync(path.join(FIXTURES, f), 'utf8'))))
    .filter((c) => c.ai);
}

/** What the profile gives a draft to state, as text (the checks' reading of it). */
export const profileFacts = profileSourceText;
