import { describe, expect, it } from 'vitest';
import { normaliseFactText, senderFactsUsed } from './facts-used';

const profile = {
  proofPoints: [
    'Trusted by 12,000 teams',
    'Winner of the Red Dot Design Award 2023',
    'Used by Spotify and Klarna',
    'Rated 4.9 out of 5 on G2',
    'We are the best',
  ],
  offer: 'A free 30-day pilot of our route planner',
  website: 'https://www.acme-routes.example/pricing',
};

/** The facts a draft of this text (and these links) uses, by their words. */
const used = (text: string, links: string[] = [], subject = 'Hello') =>
  senderFactsUsed({ subject, text, links }, profile).map((f) => `${f.kind}: ${f.text}`);

describe('which sender facts a draft uses', () => {
  it('reads numbers alike with or without thousands separators, and case and spacing alike', () => {
    expect(normaliseFactText('Trusted by 12,000  TEAMS')).toBe('trusted by 12000 teams');
    expect(normaliseFactText('12.000 Teams, 12 000 teams, 12’000 teams, 1,234,567')).toBe(
      '12000 teams, 12000 teams, 12000 teams, 1234567',
    );
    // A decimal stays a decimal, and a comma between figures is one too.
    expect(normaliseFactText('4.9 or 4,9 stars, 2.50 dollars')).toBe('4.9 or 4.9 stars, 2.50 dollars');
    // Two numbers side by side that are no group of thousands stay two.
    expect(normaliseFactText('in 2023 500 customers')).toBe('in 2023 500 customers');
  });

  it('finds a proof point reworded, its figure written another way', () => {
    expect(used('Over 12000 teams already rely on our planner.')).toEqual([
      'proofPoint: Trusted by 12,000 teams',
    ]);
    expect(used('We are TRUSTED BY 12 000 TEAMS')).toEqual(['proofPoint: Trusted by 12,000 teams']);
    expect(used('12,000 happy teams plan with us')).toEqual(['proofPoint: Trusted by 12,000 teams']);
    expect(used('Our Red Dot award in 2023 was a proud moment.')).toEqual([
      'proofPoint: Winner of the Red Dot Design Award 2023',
    ]);
    expect(used('Teams at Klarna and Spotify plan with us.')).toEqual([
      'proofPoint: Used by Spotify and Klarna',
    ]);
    expect(used('People rate us 4.9 of 5 on G2.')).toEqual(['proofPoint: Rated 4.9 out of 5 on G2']);
  });

  it('does not count a near miss: another figure, the figure alone, half the names, or a bigger number', () => {
    expect(used('Trusted by 12,500 teams')).toEqual([]);
    expect(used('Trusted by 2,000 teams')).toEqual([]);
    expect(used('Over 120000 teams trust us')).toEqual([]);
    expect(used('We have 12,000 customers')).toEqual([]);
    expect(used('Teams of 12,000 people')).toEqual([]);
    expect(used('In 2023 we won nothing at all.')).toEqual([]);
    expect(used('A design award would be nice one day.')).toEqual([]);
    expect(used('Spotify is a great example of a brand.')).toEqual([]);
    expect(used('Rated 4.8 out of 5 on G2')).toEqual([]);
    // A fact with no figure and no distinctive word cannot be told apart, so it never counts.
    expect(used('We are the best at this.')).toEqual([]);
  });

  it('finds the offer reworded, and not its figure in another sense', () => {
    expect(used('Try our route planner free for 30 days, as a pilot.')).toEqual([
      'offer: A free 30-day pilot of our route planner',
    ]);
    expect(used('Our route planner saves 30 minutes a day.')).toEqual([]);
    expect(used('A free 14-day pilot of our route planner')).toEqual([]);
  });

  it('finds the website by its host, in the text or a link, and not inside another host', () => {
    expect(used('See acme-routes.example for prices.')).toEqual([
      'website: https://www.acme-routes.example/pricing',
    ]);
    expect(used('Details here.', ['https://WWW.acme-routes.example/demo'])).toEqual([
      'website: https://www.acme-routes.example/pricing',
    ]);
    expect(used('See shop.acme-routes.example.', [])).toEqual([]);
    expect(used('See acme-routes.examples.org', ['https://not-acme-routes.example/'])).toEqual([]);
  });

  it('reads the subject too, and lists the facts in the profile’s order', () => {
    expect(
      used('Visit www.acme-routes.example, where Spotify and Klarna plan.', [], '12,000 teams trust us'),
    ).toEqual([
      'proofPoint: Trusted by 12,000 teams',
      'proofPoint: Used by Spotify and Klarna',
      'website: https://www.acme-routes.example/pricing',
    ]);
  });

  it('finds nothing in a profile with nothing filled in', () => {
    expect(
      senderFactsUsed(
        { subject: 'Hi', text: 'Trusted by 12,000 teams', links: [] },
        {
          proofPoints: [],
          offer: null,
          website: null,
        },
      ),
    ).toEqual([]);
  });
});
