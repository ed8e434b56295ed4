import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import type { CurrentUser } from '../../../contract/auth';
import type { SenderSettings } from '../../../contract/settings';
import { useLogout } from '../../session/use-logout';
import { type AccountFields, useSaveSenderSettings } from './use-save-sender-settings';

/**
 * `wide` fields take the whole row: a company name or a street address is clipped in half of a card
 * that itself fills half of a laptop screen. The short ones pair up.
 */
const FIELDS: { key: keyof AccountFields; label: string; autoComplete: string; wide?: boolean }[] = [
  { key: 'companyName', label: 'Company Name', autoComplete: 'organization', wide: true },
  { key: 'streetAddress', label: 'Street Address', autoComplete: 'street-address', wide: true },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
  { key: 'zipCode', label: 'ZIP Code', autoComplete: 'postal-code' },
  { key: 'phoneNumber', label: 'Phone Number', autoComplete: 'tel' },
];

/** Account Settings: the company details that fill the unsubscribe footer, and Log Out. */
export function AccountCard({ settings, user }: { settings: SenderSettings; user: CurrentUser }) {
  const [values, setValues] = useState<AccountFields>(() => ({
    companyName: settings.companyName ?? '',
    streetAddress: settings.streetAddress ?? '',
    city: settings.city ?? '',
    state: settings.state ?? '',
    zipCode: settings.zipCode ?? '',
    phoneNumber: settings.phoneNumber ?? '',
  }));
  const { save, isPending } = useSaveSenderSettings('Account settings saved');
  const logout = useLogout();

  return (
    <Card component="section" aria-labelledby="account-card-title">
      <Title order={2} fz="lg" id="account-card-title">
        Account Settings
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Your company’s postal address appears in the unsubscribe footer of commercial emails.
      </Text>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {FIELDS.map((field) => (
            <TextInput
              key={field.key}
              label={field.label}
              autoComplete={field.autoComplete}
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
          <Button loading={isPending} onClick={() => save(settings, user.email, values)}>
            Save Account Settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
