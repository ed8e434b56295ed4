import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { quotedList, unfilledPlaceholders } from '../../contract/placeholders';

/**
 * Lists the default placeholders ("[reason]", "[City]", "[Your Name]"…) still in a text that goes
 * on emails (the unsubscribe message, the signature): the server refuses to approve or send until
 * they are replaced. (The title does not name the field: the alert is labelled by it, and the
 * field is found by that label.)
 */
export function PlaceholderWarning({
  message,
  field = 'The unsubscribe message',
  consequence = 'Emails of this campaign cannot be approved or sent until then.',
}: {
  message: string;
  field?: string;
  consequence?: string;
}) {
  const found = unfilledPlaceholders(message);
  if (found.length === 0) return null;
  const one = found.length === 1;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={one ? 'A placeholder is left to replace' : 'Placeholders are left to replace'}
    >
      {field} still contains {quotedList(found)}: replace {one ? 'it' : 'them'} with your own text.{' '}
      {consequence}
    </Alert>
  );
}
