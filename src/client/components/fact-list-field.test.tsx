import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FactListField } from './fact-list-field';

function Field({ initial, max = 3 }: { initial: string[]; max?: number }) {
  const [items, setItems] = useState(initial);
  return (
    <MantineProvider>
      <FactListField
        label="Proof Points"
        description="Short facts"
        itemLabel="Proof point"
        items={items}
        problems={items.map((item) => (item === 'bad' ? 'Proof point is bad' : null))}
        maxItems={max}
        maxLength={300}
        onChange={setItems}
      />
      <output>{JSON.stringify(items)}</output>
    </MantineProvider>
  );
}

const row = (n: number) => screen.getByRole('textbox', { name: `Proof point ${n}` });
const saved = () => JSON.parse(screen.getByRole('status').textContent ?? '[]');

describe('a list of short facts', () => {
  it('adds a row by Enter below the one typed in, and puts the focus there', async () => {
    render(<Field initial={['Trusted by 12,000 teams']} />);
    fireEvent.keyDown(row(1), { key: 'Enter' });
    await waitFor(() => expect(document.activeElement).toBe(row(2)));
    fireEvent.change(row(2), { target: { value: 'Red Dot award 2023' } });
    expect(saved()).toEqual(['Trusted by 12,000 teams', 'Red Dot award 2023']);
    expect(screen.getByText('2 of 3')).toBeTruthy();
  });

  it('removes a row by its own button and moves the focus to the row before', async () => {
    render(<Field initial={['a', 'b', 'c']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove proof point 2' }));
    expect(saved()).toEqual(['a', 'c']);
    await waitFor(() => expect(document.activeElement).toBe(row(1)));
    expect((row(2) as HTMLInputElement).value).toBe('c');
  });

  it('stops adding at the most a list may hold, and says what is wrong under the row', () => {
    render(<Field initial={['a', 'bad', 'c']} />);
    expect(screen.getByRole('button', { name: 'Add proof point' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(row(3), { key: 'Enter' });
    expect(saved()).toEqual(['a', 'bad', 'c']);
    expect(screen.getByText('Proof point is bad')).toBeTruthy();
  });

  it('starts an empty list from the Add button', async () => {
    render(<Field initial={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add proof point' }));
    await waitFor(() => expect(document.activeElement).toBe(row(1)));
    expect(saved()).toEqual(['']);
  });
});
