import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useShowMore } from './show-more';

function List({ count }: { count: number }) {
  const { shown, more } = useShowMore(
    Array.from({ length: count }, (_, i) => `Item ${i + 1}`),
    10,
  );
  return (
    <MantineProvider>
      <ul>
        {shown.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {more}
    </MantineProvider>
  );
}

describe('useShowMore', () => {
  it('builds the first items, then the next ones on request, until none is left', () => {
    render(<List count={23} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Show 10 more of 13' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Show 3 more of 3' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(23);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers nothing more for a short list', () => {
    render(<List count={4} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
