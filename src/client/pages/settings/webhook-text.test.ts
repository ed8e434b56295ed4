import { describe, expect, it } from 'vitest';
import { attemptOutcome, backlogText, eventHelp, replayedText } from './webhook-text';

describe('webhook texts', () => {
  it("names an event type by its schema's description", () => {
    expect(eventHelp('email.sent')).toBe('The mail server or provider accepted the email.');
  });

  it('says how an attempt went: its error first, else the status', () => {
    expect(attemptOutcome({ status: 200, error: null })).toBe('HTTP 200');
    expect(attemptOutcome({ status: 500, error: 'HTTP 500' })).toBe('HTTP 500');
    expect(attemptOutcome({ status: null, error: 'Timed out after 15 s' })).toBe('Timed out after 15 s');
    expect(attemptOutcome({ status: null, error: null })).toBe('No answer');
  });

  it('counts the backlog and the replays', () => {
    expect(backlogText(2, 0)).toBe('2 waiting · 0 failed this week');
    expect(replayedText(1)).toBe('1 delivery replayed');
    expect(replayedText(0)).toBe('0 deliveries replayed');
    expect(replayedText(3)).toBe('3 deliveries replayed');
  });
});
