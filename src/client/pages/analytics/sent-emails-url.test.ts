import { describe, expect, it } from 'vitest';
import { DEFAULT_SENT_EMAILS_PARAMS } from './sent-emails-params';
import { searchWithSentEmailsParams, sentEmailsParamsFromSearch } from './sent-emails-url';

const read = (query: string) => sentEmailsParamsFromSearch(new URLSearchParams(query));

describe('sentEmailsParamsFromSearch', () => {
  it('reads the campaign, the opened filter, the page and the sort', () => {
    expect(read('campaign=12&opened=opened&page=3&sort=subject&order=asc')).toEqual({
      ...DEFAULT_SENT_EMAILS_PARAMS,
      campaignId: 12,
      opened: 'opened',
      page: 3,
      sort: 'subject',
      order: 'asc',
    });
  });

  it('is the default table without a query', () => {
    expect(read('')).toEqual(DEFAULT_SENT_EMAILS_PARAMS);
  });

  it('falls back to the default for anything it cannot read, rather than asking the server for it', () => {
    expect(read('campaign=abc&opened=maybe&page=0&sort=email&order=up&pageSize=1000')).toEqual(
      DEFAULT_SENT_EMAILS_PARAMS,
    );
    expect(read('campaign=-3&page=1.5')).toEqual(DEFAULT_SENT_EMAILS_PARAMS);
    expect(read('campaign=99999999999&page=100001')).toEqual(DEFAULT_SENT_EMAILS_PARAMS);
  });
});

describe('searchWithSentEmailsParams', () => {
  const write = (query: string, change: Partial<typeof DEFAULT_SENT_EMAILS_PARAMS>) =>
    searchWithSentEmailsParams(new URLSearchParams(query), {
      ...DEFAULT_SENT_EMAILS_PARAMS,
      ...change,
    }).toString();

  it('writes only what differs from the default', () => {
    expect(write('', {})).toBe('');
    expect(write('', { campaignId: 12, opened: 'opened', page: 3 })).toBe('campaign=12&opened=opened&page=3');
    expect(write('', { sort: 'subject', order: 'asc' })).toBe('sort=subject&order=asc');
  });

  it('drops a choice set back to its default and keeps keys that are not its own', () => {
    expect(write('campaign=12&page=3&tab=x', {})).toBe('tab=x');
  });

  it('reads back what it wrote', () => {
    const params = { ...DEFAULT_SENT_EMAILS_PARAMS, campaignId: 7, opened: 'unopened' as const, page: 2 };
    expect(sentEmailsParamsFromSearch(searchWithSentEmailsParams(new URLSearchParams(), params))).toEqual(
      params,
    );
  });
});
