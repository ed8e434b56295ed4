import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INBOX_FILTERS,
  inboxFiltersFromSearch,
  inboxQueryOf,
  isFiltered,
  searchWithInboxFilters,
  withFilter,
} from './inbox-url';

const read = (search: string) => inboxFiltersFromSearch(new URLSearchParams(search));

describe('the inbox filters in the address', () => {
  it('reads every filter and writes them back in one order, defaults left out', () => {
    const filters = read('page=3&assignee=me&mailbox=4&campaign=7&category=not-now&status=unread');
    expect(filters).toEqual({
      status: 'unread',
      category: 'not-now',
      campaignId: 7,
      mailboxId: 4,
      assignee: 'me',
      page: 3,
    });
    expect(searchWithInboxFilters(new URLSearchParams('other=1'), filters).toString()).toBe(
      'other=1&status=unread&category=not-now&campaign=7&mailbox=4&assignee=me&page=3',
    );
    expect(searchWithInboxFilters(new URLSearchParams(), DEFAULT_INBOX_FILTERS).toString()).toBe('');
  });

  it('falls back to the default for what it cannot read, so a hand-edited link still opens', () => {
    expect(read('status=maybe&category=spam&campaign=-1&mailbox=x&assignee=everyone&page=0')).toEqual(
      DEFAULT_INBOX_FILTERS,
    );
    expect(read('category=none&assignee=12').category).toBe('none');
    expect(read('assignee=12').assignee).toBe(12);
    expect(read('page=999999999').page).toBe(1);
  });

  it('asks the server for the page and the filters set, nothing for the defaults', () => {
    expect(inboxQueryOf(DEFAULT_INBOX_FILTERS)).toEqual({ limit: 50, offset: 0 });
    expect(inboxQueryOf({ ...DEFAULT_INBOX_FILTERS, status: 'read', assignee: 'nobody', page: 2 })).toEqual(
      expect.objectContaining({ limit: 50, offset: 50, status: 'read', assignee: 'nobody' }),
    );
  });

  it('goes back to page 1 when a filter changes, and knows a filtered list from the whole inbox', () => {
    const changed = withFilter({ ...DEFAULT_INBOX_FILTERS, page: 4 }, { campaignId: 9 });
    expect(changed.page).toBe(1);
    expect(isFiltered(changed)).toBe(true);
    expect(isFiltered({ ...DEFAULT_INBOX_FILTERS, page: 4 })).toBe(false);
  });
});
