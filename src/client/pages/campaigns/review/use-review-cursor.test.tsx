import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Email } from '../../../../contract/campaigns';
import { type CursorPage, samePlace, useReviewCursor } from './use-review-cursor';

const email = (id: number) => ({ id }) as Email;
const pageOf = (...ids: number[]): CursorPage => ({ items: ids.map(email), offset: 0 });

function renderCursor(initial: CursorPage) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(({ page }) => useReviewCursor(page, page.items.length), {
    initialProps: { page: initial },
    wrapper,
  });
}

describe('the review cursor', () => {
  it('is still in place while it names the same email, wherever the list moved it', () => {
    expect(samePlace({ index: 0, id: 7 }, { index: 1, id: 7 })).toBe(true);
    expect(samePlace({ index: 1, id: 8 }, { index: 1, id: 7 })).toBe(false);
    expect(samePlace({ index: 0, id: 7 }, { index: 0, id: null })).toBe(true);
  });

  it('steps from the email shown after the list moved it, even for a handler made before the move', () => {
    const { result, rerender } = renderCursor(pageOf(1, 2, 3, 4));
    act(() => result.current.step(result.current.cursor, 1));
    expect(result.current.email?.id).toBe(2);
    const before = result.current.cursor;
    // Email 1 left the list (approved in "Needs attention"): 2 slides to index 0 and stays shown.
    rerender({ page: pageOf(2, 3, 4) });
    expect(result.current.email?.id).toBe(2);
    expect(result.current.cursor).toEqual({ index: 0, id: 2 });
    // A key whose handler still holds the cursor from before the move goes on to the next email.
    act(() => result.current.step(before, 1));
    expect(result.current.email?.id).toBe(3);
  });

  it('does not step when the person moved on meanwhile', () => {
    const { result } = renderCursor(pageOf(1, 2, 3));
    act(() => result.current.step(result.current.cursor, 1));
    const stale = { index: 0, id: 1 };
    act(() => result.current.step(stale, 1));
    expect(result.current.email?.id).toBe(2);
  });
});
