import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile, showExportFailedToast } from '../../download-file';

/** Downloads GET /api/campaigns/:id/unsubscribers/export as a CSV file. */
export function ExportUnsubscribersButton({
  campaignId,
  disabled,
}: {
  campaignId: number;
  disabled: boolean;
}) {
  const [busy, setBusy] = useState(false);

  const exportCsv = async () => {
    setBusy(true);
    try {
      await downloadFile(
        `/api/campaigns/${campaignId}/unsubscribers/export`,
        `campaign-${campaignId}-unsubscribers.csv`,
      );
    } catch (error) {
      showExportFailedToast(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={busy}
      disabled={disabled}
      onClick={exportCsv}
    >
      Export CSV
    </Button>
  );
}
