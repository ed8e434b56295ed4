import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../../contract/api';
import { hrefOf } from '../../api';
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
        hrefOf(api.campaigns.exportUnsubscribers, { params: { id: campaignId } }),
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
