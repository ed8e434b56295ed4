import { api } from '../../../../contract/api';
import type { ImportReport } from '../../../../contract/campaigns';
import { apiErrorOf, hrefOf, readReply } from '../../../api';
import type { ColumnMapping } from '../column-mapping';

/**
 * POST /api/campaigns/:id/upload-csv with the file and mapping as multipart form data. This one
 * call uses XMLHttpRequest because fetch reports no upload progress, and files reach 50 MB.
 * `onProgress` gets the fraction sent (0–1). Errors match `apiFetch`'s: `ApiError` with
 * "<status>: <text>" for a non-OK answer.
 */
export function uploadCsv(
  campaignId: number,
  file: File,
  columnMapping: ColumnMapping,
  onProgress?: (fraction: number) => void,
): Promise<ImportReport> {
  const form = new FormData();
  // The mapping first, so the server knows the columns before the file streams in.
  form.append('columnMapping', JSON.stringify(columnMapping));
  form.append('csvFile', file, file.name);

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const route = api.campaigns.uploadCsv;
    request.open(route.method, hrefOf(route, { params: { id: campaignId } }));
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(apiErrorOf(request.status, request.statusText, request.responseText));
        return;
      }
      try {
        resolve(readReply(route, JSON.parse(request.responseText)));
      } catch {
        reject(new Error('The server sent an unreadable import report'));
      }
    };
    request.onerror = () => reject(new Error('Network error while uploading the CSV file'));
    request.onabort = () => reject(new Error('The CSV upload was cancelled'));
    request.send(form);
  });
}
