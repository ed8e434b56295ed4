import { describe, expect, it } from 'vitest';
import { EMPTY_SENDER_PROFILE, type SenderProfile } from '../../../contract/sender-profile';
import { senderSourceText, toSenderProfileForPrompt } from './for-prompt';
import { campaignSenderProfileOf, mergeSenderProfile, storedSenderProfile } from './merge';

const settings: SenderProfile = {
  title: 'Head of Partnerships',
  website: 'https://acme.example',
  whatWeDo: 'Route planning for small fleets',
  offer: 'A free 30-day pilot',
  proofPoints: ['Trusted by 12,000 teams', 'Red Dot award 2023'],
  neverClaim: ['SOC 2 certified'],
};

describe('a campaign’s sender profile over the Settings’ one', () => {
  it('uses the Settings’ profile as it is when the campaign has none', () => {
    expect(mergeSenderProfile(settings, null)).toEqual(settings);
  });

  it('takes each field the campaign filled in, and the Settings’ value for the rest', () => {
    const campaign = {
      ...EMPTY_SENDER_PROFILE,
      offer: 'Two months free for schools',
      proofPoints: ['Used by 300 schools'],
    };
    expect(mergeSenderProfile(settings, campaign)).toEqual({
      ...settings,
      offer: 'Two months free for schools',
      // The campaign's list takes the place of the Settings' list: they are this offer's facts.
      proofPoints: ['Used by 300 schools'],
    });
  });

  it('adds the campaign’s never-claim entries to the Settings’ ones, each once', () => {
    const campaign = { ...EMPTY_SENDER_PROFILE, neverClaim: ['soc 2 certified', 'Offices in Berlin'] };
    expect(mergeSenderProfile(settings, campaign).neverClaim).toEqual([
      'SOC 2 certified',
      'Offices in Berlin',
    ]);
  });

  it('stores a campaign profile with nothing filled in as none, so Settings’ edits reach the campaign', () => {
    expect(campaignSenderProfileOf(null)).toBeNull();
    expect(campaignSenderProfileOf({ title: ' ', proofPoints: [] })).toBeNull();
    expect(campaignSenderProfileOf({ offer: ' A pilot ' })).toEqual({
      ...EMPTY_SENDER_PROFILE,
      offer: 'A pilot',
    });
  });

  it('reads a stored value missing fields, or none at all, as not filled in', () => {
    expect(storedSenderProfile(null)).toEqual(EMPTY_SENDER_PROFILE);
    expect(storedSenderProfile({ offer: 'x' } as Partial<SenderProfile>)).toEqual({
      ...EMPTY_SENDER_PROFILE,
      offer: 'x',
    });
  });
});

describe('the <sender> block’s object', () => {
  it('holds the name, the company and the merged profile, and nothing empty', () => {
    expect(toSenderProfileForPrompt({ name: 'Maya Patel', company: 'Acme', profile: settings })).toEqual({
      name: 'Maya Patel',
      title: 'Head of Partnerships',
      company: 'Acme',
      website: 'https://acme.example',
      whatWeDo: 'Route planning for small fleets',
      offer: 'A free 30-day pilot',
      proofPoints: ['Trusted by 12,000 teams', 'Red Dot award 2023'],
      neverClaim: ['SOC 2 certified'],
    });
    expect(toSenderProfileForPrompt({ name: ' ', company: null, profile: EMPTY_SENDER_PROFILE })).toEqual({});
  });

  it('gives the grounding check what the AI may state, and not what it must never claim', () => {
    const text = senderSourceText(
      toSenderProfileForPrompt({ name: 'Maya', company: 'Acme', profile: settings }),
    );
    expect(text).toContain('Trusted by 12,000 teams');
    expect(text).toContain('A free 30-day pilot');
    expect(text).not.toContain('SOC 2');
  });
});
