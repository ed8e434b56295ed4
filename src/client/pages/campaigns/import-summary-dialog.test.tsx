import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../contract/campaigns';
import { hasRowsToRead, ImportSummaryDialog } from './import-summary-dialog';

const report = (changes: Partial<ImportReport> = {}): ImportReport => ({
  imported: 3,
  skipped: 0,
  skippedRows: [],
  warnings: [],
  columns: ['email', 'timezone'],
  ...changes,
});

const marsWarning = {
  row: 3,
  email: 'ada@example.com',
  reason: 'Unknown time zone "Mars/Base": the sender\'s time zone is used for this recipient',
};

function renderDialog(shown: ImportReport) {
  render(
    <MantineProvider env="test">
      <ImportSummaryDialog summary={{ campaignName: 'Expo follow-up', report: shown }} onClose={() => {}} />
    </MantineProvider>,
  );
  return screen.getByRole('dialog', { name: 'Import Summary' });
}

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

describe('hasRowsToRead', () => {
  it('opens the summary for skipped rows or warnings, not for a clean import', () => {
    expect(hasRowsToRead(report())).toBe(false);
    expect(
      hasRowsToRead(report({ skipped: 1, skippedRows: [{ row: 2, email: '', reason: 'No email' }] })),
    ).toBe(true);
    expect(hasRowsToRead(report({ warnings: [marsWarning] }))).toBe(true);
  });
});

describe('ImportSummaryDialog', () => {
  it('lists the rows imported with a warning when nothing was skipped', () => {
    const dialog = renderDialog(
      report({ warnings: [marsWarning, { ...marsWarning, row: 3, reason: 'Second' }] }),
    );
    expect(within(dialog).getByRole('heading', { name: 'Imported with a warning' })).toBeTruthy();
    const table = within(dialog).getByRole('table', { name: 'Rows imported with a warning' });
    expect(bodyRows(table)).toEqual([
      ['3', 'ada@example.com', marsWarning.reason],
      ['3', 'ada@example.com', 'Second'],
    ]);
    expect(within(dialog).queryByRole('table', { name: 'Skipped rows' })).toBeNull();
  });

  it('shows the skipped rows first, then the warnings', () => {
    const dialog = renderDialog(
      report({
        imported: 2,
        skipped: 5,
        skippedRows: [{ row: 2, email: '', reason: 'No email address' }],
        warnings: [marsWarning],
      }),
    );
    const skipped = within(dialog).getByRole('table', { name: 'Skipped rows' });
    const warned = within(dialog).getByRole('table', { name: 'Rows imported with a warning' });
    expect(within(dialog).getByRole('heading', { name: 'The first 1 skipped rows' })).toBeTruthy();
    expect(bodyRows(skipped)).toEqual([['2', '—', 'No email address']]);
    expect(bodyRows(warned)).toEqual([['3', 'ada@example.com', marsWarning.reason]]);
    expect(skipped.compareDocumentPosition(warned) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
