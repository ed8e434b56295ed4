import { Alert, Text } from '@mantine/core';
import { errorDetail } from '../../../api';
import { Busy } from '../../../components/busy';
import { EmailPreview } from './email-preview';
import { useLivePreview } from './use-live-preview';

interface LivePreviewProps {
  subject: string;
  body: string;
  recipient: Record<string, string>;
}

/** The email template rendered for the sample recipient, refreshed as the user types. */
export function LivePreview({ subject, body, recipient }: LivePreviewProps) {
  const preview = useLivePreview(subject, body, recipient);

  if (!subject.trim() && !body.trim()) {
    return (
      <Text size="sm" c="dimmed">
        Write a subject and body to see the email as a recipient will get it.
      </Text>
    );
  }
  return (
    <>
      {preview.error && (
        <Alert color="red" variant="light" mb="sm" title="Cannot render the template">
          {errorDetail(preview.error, 'Failed to render the preview')}
        </Alert>
      )}
      {preview.data ? (
        <EmailPreview label="Live preview" {...preview.data} />
      ) : (
        !preview.error && <Busy size="sm" label="Rendering preview" />
      )}
    </>
  );
}
