import { describe, expect, it } from 'vitest';
import { ianaTimeZone } from './time-zone';

describe('ianaTimeZone', () => {
  it('accepts a zone however it is capitalised, keeping the name given', () => {
    expect(ianaTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(ianaTimeZone(' europe/berlin ')).toBe('Europe/Berlin');
    expect(ianaTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(ianaTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
    expect(ianaTimeZone('UTC')).toBe('UTC');
    expect(ianaTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });

  it('refuses what is not a zone, and offsets, whose sign PostgreSQL reads the other way', () => {
    for (const bad of [
      'Mars/Olympus_Mons',
      '+01:00',
      '-0500',
      'GMT+1 ',
      '',
      'Europe/',
      '../etc/passwd',
      'x'.repeat(65),
    ])
      expect(ianaTimeZone(bad)).toBeNull();
  });
});
