import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, apiFetch } from '../../api';
import { showToast } from '../../components/toast';

/** Downloads GET /api/export-data as a CSV file. */
export function ExportDataButton() {
  const [busy, setBusy] = useState(false);

  const exportData = async () => {
    setBusy(true);
    try {
      const response = await apiFetch('/api/export-data');
      download(await response.blob(), fileName(response.headers.get('Content-Disposition')));
    } catch (error) {
      // SPEC §8: the server refused → 'Failed to export data'; anything else (network) → 'Could not export data.'
      const message = error instanceof ApiError ? 'Failed to export data' : 'Could not export data.';
      showToast({ title: 'Export Failed', message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} onClick={exportData}>
      Export Data
    </Button>
  );
}

function fileName(disposition: string | null) {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : 'campaign-data-export.csv';
}

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; revoke it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
