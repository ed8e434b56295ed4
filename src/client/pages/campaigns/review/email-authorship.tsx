import { Text } from '@mantine/core';
import type { EmailAuthorship } from '../../../../contract/campaigns';

/**
 * "Written by Alice · edited by Bob · approved by Carol": who did what to the email, leaving out what
 * nobody did or the app does not know; null when it knows none of it.
 */
export function authorshipText(authorship: EmailAuthorship | undefined): string | null {
  if (!authorship) return null;
  const parts = [
    authorship.generatedBy && `written by ${authorship.generatedBy}`,
    authorship.editedBy && `edited by ${authorship.editedBy}`,
    authorship.approvedBy && `approved by ${authorship.approvedBy}`,
  ].filter((part): part is string => Boolean(part));
  if (parts.length === 0) return null;
  const line = parts.join(' · ');
  return line[0]!.toUpperCase() + line.slice(1);
}

/** Who wrote, edited and approved the email, in one quiet line. */
export function EmailAuthorshipLine({ authorship }: { authorship: EmailAuthorship | undefined }) {
  const text = authorshipText(authorship);
  if (!text) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="email-authorship" style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}
