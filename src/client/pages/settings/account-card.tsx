import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import type { CurrentUser } from '../../../contract/auth';
import { oneLineError, SENDER_FIELD_LABELS, type SenderSettings } from '../../../contract/settings';
import { useCurrentWorkspace } from '../../session/use-current-workspace';
import { useLogout } from '../../session/use-logout';
import { type AccountFields, useSaveSenderSettings } from './use-save-sender-settings';

/**
 * `wide` fields take the whole row: a company name or a street address is clipped in half of a card
 * that itself fills half of a laptop screen. The short ones pair up.
 */
const FIELDS: {
  key: keyof AccountFields;
  autoComplete: string;
  wide?: boolean;
  description?: string;
  placeholder?: string;
}[] = [
  { key: 'companyName', autoComplete: 'organization', wide: true },
  { key: 'streetAddress', autoComplete: 'street-address', wide: true },
  { key: 'city', autoComplete: 'address-level2' },
  { key: 'state', autoComplete: 'address-level1' },
  { key: 'zipCode', autoComplete: 'postal-code' },
  { key: 'phoneNumber', autoComplete: 'tel' },
  {
    key: 'recipientReason',
    autoComplete: 'off',
    wide: true,
    description: 'Completes the footer’s “You received this email because …”.',
    placeholder: 'you signed up for updates at acme.com',
  },
];

/**
 * Account Settings: the company details and the reason recipients hear from the sender, which fill
 * the unsubscribe footer's placeholders, and Log Out. A line break in any of them is refused here
 * as the server refuses it. They are the workspace's: its owners change them, others read them.
 */
export function AccountCard({ settings, user }: { settings: SenderSettings; user: CurrentUser }) {
  const [values, setValues] = useState<AccountFields>(() => ({
    companyName: settings.companyName ?? '',
    streetAddress: settings.streetAddress ?? '',
    city: settings.city ?? '',
    state: settings.state ?? '',
    zipCode: settings.zipCode ?? '',
    phoneNumber: settings.phoneNumber ?? '',
    recipientReason: settings.recipientReason ?? '',
  }));
  const { save, isPending } = useSaveSenderSettings('Account settings saved');
  const logout = useLogout();
  const canEdit = useCurrentWorkspace().current?.role === 'owner';

  return (
    <Card component="section" aria-labelledby="account-card-title">
      <Title order={2} fz="lg" id="account-card-title">
        Account Settings
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Your company’s postal address and why recipients hear from you fill the unsubscribe footer of
        commercial emails. They belong to the workspace: every member’s emails carry them.
        {!canEdit && ' Only its owners change them.'}
      </Text>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {FIELDS.map((field) => (
            <TextInput
              key={field.key}
              label={SENDER_FIELD_LABELS[field.key]}
              description={field.description}
              placeholder={field.placeholder}
              error={oneLineError(SENDER_FIELD_LABELS[field.key], values[field.key])}
              autoComplete={field.autoComplete}
              readOnly={!canEdit}
              style={field.wide ? { gridColumn: '1 / -1' } : undefined}
              value={values[field.key] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [field.key]: value }));
              }}
            />
          ))}
        </SimpleGrid>
        <Group justify="space-between">
          <Button
            variant="default"
            color="red"
            leftSection={<IconLogout size={16} />}
            onClick={() => void logout()}
          >
            Log Out
          </Button>
          {canEdit && (
            <Button
              loading={isPending}
              disabled={FIELDS.some((field) => oneLineError('', values[field.key]))}
              onClick={() => save(user.email, values)}
            >
              Save Account Settings
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
