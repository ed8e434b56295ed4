import { List, Stack, Text } from '@mantine/core';
import type { Email } from '../../../../contract/campaigns';
import type { SenderFactUsed } from '../../../../contract/sender-profile';

const KIND_LABELS: Record<SenderFactUsed['kind'], string> = {
  proofPoint: 'Proof point',
  offer: 'Offer',
  website: 'Website',
};

/**
 * Which facts of the sender profile this AI draft states (docs/product.md §5), so the reviewer sees
 * what it says about the sender and can check it against the profile. Nothing for a fixed
 * template's email, whose text is the user's.
 */
export function SenderFactsUsed({ email }: { email: Pick<Email, 'senderFactsUsed'> }) {
  const facts = email.senderFactsUsed;
  if (!facts) return null;
  return (
    <Stack gap={4} role="region" aria-label="Sender facts used">
      <Text size="sm" fw={600}>
        Sender facts used
        {facts.length === 0 && (
          <Text span size="sm" c="dimmed" fw={400}>
            : none
          </Text>
        )}
      </Text>
      {facts.length > 0 && (
        <List size="sm" spacing={2}>
          {facts.map((fact) => (
            <List.Item key={`${fact.kind}:${fact.text}`} style={{ overflowWrap: 'anywhere' }}>
              <Text span size="sm" c="dimmed">
                {KIND_LABELS[fact.kind]}:
              </Text>{' '}
              {fact.text}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
