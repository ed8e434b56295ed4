import { Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconEyeOff } from '@tabler/icons-react';
import type { Email } from '../../../../contract/campaigns';
import { bySeverity } from '../../../../contract/draft-findings';
import { FINDING_KIND_LABELS, SEVERITY_BADGES } from './email-findings';

interface FindingsPanelProps {
  email: Pick<Email, 'findings' | 'findingsDismissed'>;
  /** The user may dismiss the findings or bring them back (the email is still in review). */
  canChange: boolean;
  busy: boolean;
  onDismissedChange: (dismissed: boolean) => void;
}

/**
 * What the draft checks found in this email, most severe first, each with the text it points at. Once
 * dismissed (the text is right as it is) it folds to one line that can be undone.
 */
export function FindingsPanel({ email, canChange, busy, onDismissedChange }: FindingsPanelProps) {
  const findings = [...(email.findings ?? [])].sort(bySeverity);
  if (findings.length === 0) return null;

  if (email.findingsDismissed) {
    return (
      <Group gap="xs" justify="space-between">
        <Text size="sm" c="dimmed">
          Findings dismissed ({findings.length.toLocaleString()})
        </Text>
        {canChange && (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconArrowBackUp size={14} />}
            loading={busy}
            onClick={() => onDismissedChange(false)}
          >
            Undo
          </Button>
        )}
      </Group>
    );
  }

  return (
    <Paper withBorder p="sm" radius="md" role="region" aria-label="Findings">
      <Stack gap="xs">
        <Group gap="xs" justify="space-between">
          <Text size="sm" fw={600}>
            Findings ({findings.length.toLocaleString()})
          </Text>
          {canChange && (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconEyeOff size={14} />}
              loading={busy}
              title="The text is right as it is: the email no longer needs attention"
              onClick={() => onDismissedChange(true)}
            >
              Dismiss findings
            </Button>
          )}
        </Group>
        <List listStyleType="none" spacing={6}>
          {findings.map((finding, i) => {
            const badge = SEVERITY_BADGES[finding.severity];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: findings have no id, and two may share a kind and a reason; the list is read-only.
              <List.Item key={i}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Badge color={badge.color} variant="light" radius="sm" style={{ flexShrink: 0 }}>
                    {badge.label}
                  </Badge>
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm">
                      <Text span size="sm" fw={500}>
                        {FINDING_KIND_LABELS[finding.kind]}:
                      </Text>{' '}
                      {finding.reason}
                    </Text>
                    {finding.span && (
                      <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
                        “{finding.span.text}”
                      </Text>
                    )}
                  </div>
                </Group>
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Paper>
  );
}
