import type { EmailTextBody } from '../../contract/emails';
import { sanitizeRichText } from './sanitize-html';

/**
 * The subject and body an edit stores: the subject on one line without outer spaces, the body's
 * HTML sanitised. The preview of an unsaved edit (POST /api/emails/:id/preview) reads the same, so
 * it shows what a save would keep.
 */
export function editedText(edit: EmailTextBody) {
  return { subject: edit.subject.replace(/\s+/g, ' ').trim(), body: sanitizeRichText(edit.body) };
}
