import { ApiError, apiFetch } from './api';
import { showToast } from './toast';

/**
 * Downloads a file the server sends as an attachment (GET `url`), named as its Content-Disposition
 * says, else `fallbackName`. Throws what `apiFetch` throws.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await apiFetch(url);
  saveBlob(await response.blob(), fileNameFrom(response.headers.get('Content-Disposition'), fallbackName));
}

/** The file name in a Content-Disposition header (plain or RFC 5987 `filename*`), else `fallback`. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * docs/product.md §11: the server refused → 'Failed to export data'; anything else (network) → 'Could not
 * export data.'
 */
export function showExportFailedToast(error: unknown) {
  const message = error instanceof ApiError ? 'Failed to export data' : 'Could not export data.';
  showToast({ title: 'Export Failed', message, tone: 'error' });
}

function saveBlob(blob: Blob, name: string) {
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
