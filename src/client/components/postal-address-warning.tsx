import { Alert, Anchor, Checkbox, Stack, Text } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { api } from '../../contract/api';
import { queryOf } from '../api';

/**
 * Whether commercial mail (the unsubscribe link on) would go without a postal address: Account
 * Settings has none to add to the footer. Unknown (false) until the settings are read.
 */
export function usePostalAddressMissing(includeUnsubscribeLink: boolean) {
  const { data } = useQuery(queryOf(api.settings.sender));
  return includeUnsubscribeLink && data !== undefined && !data.streetAddress?.trim();
}

const WHY =
  'Commercial email must carry the sender’s postal address (CAN-SPAM, and similar rules elsewhere). Tailor adds the one in Account Settings to the unsubscribe footer, and none is set.';

/** The editor's warning: where to add the address, and that non-commercial mail may go without. */
export function PostalAddressWarning() {
  return (
    <Alert color="orange" variant="light" icon={<IconMapPinOff size={18} />} title="No postal address">
      <Text size="sm">
        {WHY} {/* The alert's own text colour: the link colour on orange reads below 4.5:1. */}
        <Anchor component={Link} href="/settings" size="sm" c="inherit" underline="always" fw={600}>
          Add it in Settings
        </Anchor>
        , or leave it if this campaign is not commercial: sending asks you to confirm.
      </Text>
    </Alert>
  );
}

/** The send step's warning, with the confirmation sending without an address needs. */
export function PostalAddressConfirm({
  confirmed,
  onConfirmedChange,
}: {
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
}) {
  return (
    <Stack gap="xs">
      <Alert color="orange" variant="light" icon={<IconMapPinOff size={18} />} title="No postal address">
        <Text size="sm">{WHY}</Text>
      </Alert>
      <Checkbox
        // The dialog opens on the question it needs answered (before a date picker, say).
        data-autofocus
        label="These emails are not commercial: send them without a postal address"
        checked={confirmed}
        onChange={(event) => onConfirmedChange(event.currentTarget.checked)}
      />
    </Stack>
  );
}
