import {
  EMPTY_SENDER_PROFILE,
  isEmptySenderProfile,
  type SenderProfile,
  type SenderProfileInput,
  senderProfileOf,
} from '../../../contract/sender-profile';

/**
 * A stored profile as the app reads it: jsonb written by an older version may lack a field, or
 * there may be none (null), and either reads as "not filled in".
 */
export function storedSenderProfile(value: Partial<SenderProfile> | null | undefined): SenderProfile {
  if (!value || typeof value !== 'object') return EMPTY_SENDER_PROFILE;
  const textOf = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  const listOf = (v: unknown) =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  return {
    title: textOf(value.title),
    website: textOf(value.website),
    whatWeDo: textOf(value.whatWeDo),
    offer: textOf(value.offer),
    proofPoints: listOf(value.proofPoints),
    neverClaim: listOf(value.neverClaim),
  };
}

/** A campaign's own profile as stored: null when it says nothing, so the campaign uses Settings'. */
export function campaignSenderProfileOf(input: SenderProfileInput | null): SenderProfile | null {
  if (!input) return null;
  const profile = senderProfileOf(input);
  return isEmptySenderProfile(profile) ? null : profile;
}

/**
 * The profile a campaign's emails are written with: the campaign's fields where it filled them in,
 * the Settings' elsewhere, field by field. A campaign for another product changes the offer and
 * the proof points and keeps the company, the website and the title, which a Settings edit then
 * still reaches. Proof points replace the Settings' list as a whole (they are the facts of this
 * campaign's offer); never-claim entries add to the Settings' ones, as what may not be said about
 * the company stays unsaid in every campaign.
 */
export function mergeSenderProfile(settings: SenderProfile, campaign: SenderProfile | null): SenderProfile {
  if (!campaign) return settings;
  const neverClaim = [...settings.neverClaim];
  const known = new Set(neverClaim.map((entry) => entry.toLowerCase()));
  for (const entry of campaign.neverClaim) if (!known.has(entry.toLowerCase())) neverClaim.push(entry);
  return {
    title: campaign.title ?? settings.title,
    website: campaign.website ?? settings.website,
    whatWeDo: campaign.whatWeDo ?? settings.whatWeDo,
    offer: campaign.offer ?? settings.offer,
    proofPoints: campaign.proofPoints.length > 0 ? campaign.proofPoints : settings.proofPoints,
    neverClaim,
  };
}
