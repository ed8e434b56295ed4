import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../../contract/api';
import { hrefOf } from '../../api';
import { downloadFile, showExportFailedToast } from '../../download-file';

/** A button that downloads `href` as `filename`, busy while it does, with a toast when it fails. */
export function DownloadButton({
  href,
  filename,
  label,
  size,
}: {
  href: string;
  filename: string;
  label: string;
  size?: ButtonProps['size'];
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(href, filename);
    } catch (error) {
      showExportFailedToast(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      size={size}
      leftSection={<IconDownload size={size === 'xs' ? 14 : 16} />}
      loading={busy}
      onClick={download}
    >
      {label}
    </Button>
  );
}

/** Downloads GET /api/export-data as a CSV file. */
export function ExportDataButton() {
  return (
    <DownloadButton
      href={hrefOf(api.settings.exportData)}
      filename="campaign-data-export.csv"
      label="Export Data"
    />
  );
}
