import { Alert, Divider, Paper, Stack, Text, Typography } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

interface EmailPreviewProps {
  subject: string;
  /** HTML sanitised by the server; never pass HTML built in the browser. */
  body: string;
  missingVariables: string[];
  label: string;
}

/** A rendered email: subject, body, and the variables the sample recipient had no value for. */
export function EmailPreview({ subject, body, missingVariables, label }: EmailPreviewProps) {
  return (
    <Stack gap="sm">
      {missingVariables.length > 0 && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} p="xs">
          <Text size="sm">No value for: {missingVariables.join(', ')}</Text>
        </Alert>
      )}
      <Paper withBorder p="md" radius="md" aria-label={label} role="region">
        <Text size="xs" c="dimmed">
          Subject
        </Text>
        <Text fw={600} style={{ wordBreak: 'break-word' }}>
          {subject || '(no subject)'}
        </Text>
        <Divider my="sm" />
        <Typography style={{ wordBreak: 'break-word', overflowX: 'auto' }}>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server renders with every value escaped and sanitises the result (sanitize-html allow-list), so this HTML carries no script. */}
          <div dangerouslySetInnerHTML={{ __html: body }} />
        </Typography>
      </Paper>
    </Stack>
  );
}
