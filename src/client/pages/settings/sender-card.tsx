import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import type { CurrentUser } from '../../../contract/auth';
import { oneLineError, SENDER_FIELD_LABELS, type SenderSettings } from '../../../contract/settings';
import { HtmlEditor } from '../../components/html-editor';
import { PlaceholderWarning } from '../../components/placeholder-warning';
import { DEFAULT_SIGNATURE, useSaveSenderSettings } from './use-save-sender-settings';

/** Sender Information: the From name, the (locked) account email and the signature. */
export function SenderCard({ settings, user }: { settings: SenderSettings; user: CurrentUser }) {
  const [name, setName] = useState(settings.name ?? defaultName(user));
  const [signature, setSignature] = useState(settings.signature || DEFAULT_SIGNATURE);
  const { save, isPending } = useSaveSenderSettings('Sender settings saved');

  return (
    <Card component="section" aria-labelledby="sender-card-title">
      <Title order={2} fz="lg" id="sender-card-title">
        Sender Information
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        How you appear to recipients.
      </Text>
      <Stack gap="md">
        <TextInput
          label={SENDER_FIELD_LABELS.name}
          value={name}
          error={oneLineError(SENDER_FIELD_LABELS.name, name)}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          label="Sender Email"
          value={user.email ?? ''}
          readOnly
          description="Emails are sent from the account you signed in with."
          rightSection={<IconLock size={16} aria-hidden />}
          styles={{ input: { background: 'var(--mantine-color-gray-0)', cursor: 'not-allowed' } }}
        />
        <HtmlEditor label="Signature" initialValue={signature} onChange={setSignature} minHeight={100} />
        <PlaceholderWarning
          message={signature}
          field="The signature"
          consequence="It goes on every email, so none can be approved or sent until then."
        />
        <Group justify="flex-end">
          <Button
            loading={isPending}
            disabled={oneLineError('', name) !== null}
            onClick={() => save(user.email, { name, signature })}
          >
            Save Sender Settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function defaultName(user: CurrentUser) {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}
