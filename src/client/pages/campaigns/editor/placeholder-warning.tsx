import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { quotedList, unfilledPlaceholders } from '../../../../contract/placeholders';

/**
 * Lists the default placeholders ("[reason]", "[City]"…) still in the unsubscribe message: the
 * server refuses to approve or send this campaign's emails until they are replaced. (The title
 * does not say "unsubscribe message": the alert is labelled by it, and the field is found by that label.)
 */
export function PlaceholderWarning({ message }: { message: string }) {
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
      The unsubscribe message still contains {quotedList(found)}: replace {one ? 'it' : 'them'} with your own
      text. Emails of this campaign cannot be approved or sent until then.
    </Alert>
  );
}
