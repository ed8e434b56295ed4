import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../../contract/api';
import { hrefOf } from '../../api';
import { downloadFile, showExportFailedToast } from '../../download-file';

/** Downloads GET /api/export-data as a CSV file. */
export function ExportDataButton() {
  const [busy, setBusy] = useState(false);

  const exportData = async () => {
    setBusy(true);
    try {
      await downloadFile(hrefOf(api.settings.exportData), 'campaign-data-export.csv');
    } catch (error) {
      showExportFailedToast(error);
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
