import { describe, expect, it } from 'vitest';
import { api } from '../../../contract/api';
import { urlOf } from '../../../contract/route';
import {
  DEFAULT_SENT_EMAILS_PARAMS,
  pageCount,
  type SentEmailsParams,
  sentEmailsQueryOf,
  toggleSort,
  withFilter,
} from './sent-emails-params';

const onPage3: SentEmailsParams = { ...DEFAULT_SENT_EMAILS_PARAMS, page: 3 };

const sentEmailsUrl = (params: SentEmailsParams) =>
  urlOf(api.analytics.sentEmails, { query: sentEmailsQueryOf(params) });

describe('sentEmailsQueryOf', () => {
  it('asks for the newest first, every campaign, by default', () => {
    expect(sentEmailsUrl(DEFAULT_SENT_EMAILS_PARAMS)).toBe(
      '/api/analytics/sent-emails?page=1&pageSize=25&sort=sentAt&order=desc&opened=all',
    );
  });

  it('adds the campaign and the opened filter', () => {
    expect(
      sentEmailsUrl({ ...onPage3, sort: 'subject', order: 'asc', campaignId: 7, opened: 'unopened' }),
    ).toBe(
      '/api/analytics/sent-emails?page=3&pageSize=25&sort=subject&order=asc&campaignId=7&opened=unopened',
    );
  });
});

describe('toggleSort', () => {
  it('flips the order of the sort column and goes back to page 1', () => {
    const next = toggleSort(onPage3, 'sentAt');
    expect(next).toMatchObject({ sort: 'sentAt', order: 'asc', page: 1 });
    expect(toggleSort(next, 'sentAt').order).toBe('desc');
  });

  it('starts another column in its own order: subject A to Z, sent newest first', () => {
    const bySubject = toggleSort(onPage3, 'subject');
    expect(bySubject).toMatchObject({ sort: 'subject', order: 'asc', page: 1 });
    expect(toggleSort(bySubject, 'sentAt')).toMatchObject({ sort: 'sentAt', order: 'desc' });
  });
});

describe('withFilter', () => {
  it('changes the filter and goes back to page 1, keeping the sort', () => {
    const sorted = { ...onPage3, sort: 'subject' as const, order: 'asc' as const };
    expect(withFilter(sorted, { opened: 'opened' })).toEqual({ ...sorted, opened: 'opened', page: 1 });
    expect(withFilter(sorted, { campaignId: 4 })).toEqual({ ...sorted, campaignId: 4, page: 1 });
  });
});

describe('pageCount', () => {
  it('rounds up to whole pages', () => {
    expect(pageCount(0, 25)).toBe(0);
    expect(pageCount(1, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(101, 25)).toBe(5);
  });

  it('gives 0 for a nonsensical page size', () => {
    expect(pageCount(10, 0)).toBe(0);
  });
});
