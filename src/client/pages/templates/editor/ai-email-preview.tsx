import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { errorDetail } from '../../../api';
import { AiProviderNotice, useAiAvailable } from '../../../components/ai-provider-notice';
import { EmailPreview } from './email-preview';
import type { GeneratedEmail } from './use-ai-email-preview';

interface AiEmailPreviewProps {
  hasSample: boolean;
  email: GeneratedEmail | null;
  error: Error | null;
  pending: boolean;
  onGenerate: () => void;
}

/** Generate (or Regenerate) one AI-written email for the sample CSV's first recipient. */
export function AiEmailPreview({ hasSample, email, error, pending, onGenerate }: AiEmailPreviewProps) {
  const aiAvailable = useAiAvailable();
  // A missing provider is said first: a sample CSV would not help.
  if (!aiAvailable) return <AiProviderNotice feature="The AI Email Preview" />;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" c="dimmed">
          {hasSample
            ? 'See the email AI writes for the first recipient in your sample CSV.'
            : 'Upload a sample CSV to generate an AI email preview.'}
        </Text>
        <Button
          size="xs"
          leftSection={<IconSparkles size={14} />}
          disabled={!hasSample}
          loading={pending}
          onClick={onGenerate}
          style={{ flexShrink: 0 }}
        >
          {email ? 'Regenerate' : 'Generate'}
        </Button>
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {errorDetail(error, 'Failed to generate email preview')}
        </Alert>
      )}
      {email && <EmailPreview label="AI email preview" {...email} />}
    </Stack>
  );
}
