import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { CurrentUser } from '../../../contract/auth';
import type { SenderSettings } from '../../../contract/settings';
import { SenderProfileFields } from '../../components/sender-profile-fields';
import { firstProfileProblem, profileDraftOf, profileInputOf } from '../../sender-profile-draft';
import { useCurrentWorkspace } from '../../session/use-current-workspace';
import { useSaveSenderSettings } from './use-save-sender-settings';

/**
 * Sender Profile: what the AI that writes the emails may say about the sender and their company,
 * and what it must never claim (docs/product.md §9). Saved on its own: the other cards' fields stay.
 * It is the workspace's: its owners change it, others read it (a disabled fieldset).
 */
export function SenderProfileCard({ settings, user }: { settings: SenderSettings; user: CurrentUser }) {
  const [draft, setDraft] = useState(() => profileDraftOf(settings.profile));
  const { saveProfile, isPending } = useSaveSenderSettings('Sender profile saved');
  const problem = firstProfileProblem(draft);
  const canEdit = useCurrentWorkspace().current?.role === 'owner';

  return (
    <Card component="section" aria-labelledby="sender-profile-card-title">
      <Title order={2} fz="lg" id="sender-profile-card-title">
        Sender Profile
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        The AI that writes your emails may state only these facts about you and your company, and never
        anything under Never Claim. The draft checks count them as true. A campaign can use its own profile
        instead.{!canEdit && ' It is the workspace’s: only its owners change it.'}
      </Text>
      <Stack gap="md">
        <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <SenderProfileFields draft={draft} onChange={setDraft} />
        </fieldset>
        {canEdit && (
          <Group justify="flex-end">
            <Button
              loading={isPending}
              disabled={problem !== null}
              onClick={() => saveProfile(user.email, profileInputOf(draft))}
            >
              Save Sender Profile
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
