import { Alert, Box, Code, Group, Paper, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../../contract/api';
import type { Email } from '../../../../contract/campaigns';
import { errorDetail, queryOf } from '../../../api';
import { Busy } from '../../../components/busy';

/** Shown in a frame of its own: the message's styles stay out of the app, and nothing in it runs. */
const FRAME_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; font-src data: https:";

/** The switch between the email as written (`written`: "Draft", or "Edit" in the editor) and as it leaves. */
export function AsSentSwitch({
  written,
  asSent,
  onChange,
}: {
  written: string;
  asSent: boolean;
  onChange: (asSent: boolean) => void;
}) {
  return (
    <SegmentedControl
      size="xs"
      w="fit-content"
      aria-label="Show the email"
      value={asSent ? 'sent' : 'written'}
      onChange={(value) => onChange(value === 'sent')}
      data={[
        { value: 'written', label: written },
        { value: 'sent', label: 'As sent' },
      ]}
    />
  );
}

/** A subject and body being edited, not saved yet. */
export type DraftText = { subject: string; body: string };

/**
 * The email as it will leave (GET /api/emails/:id/preview): the server composes it with the
 * composer the send uses, so the From line, the subject, the signature, the unsubscribe footer and
 * the text part are what the recipient gets. Read again whenever the email's text changes. With
 * `draft`, an edit not saved yet, the server composes that text instead, as a save would store it
 * (POST /api/emails/:id/preview), and stores nothing.
 */
export function AsSentPreview({
  email,
  draft,
}: {
  email: Pick<Email, 'id' | 'subject' | 'body'>;
  draft?: DraftText;
}) {
  const [textPart, setTextPart] = useState(false);
  const params = { id: email.id };
  const base = draft
    ? queryOf(api.emails.previewEdit, { params, body: draft })
    : queryOf(api.emails.preview, { params });
  // Both share the path's key: an edit's reads are kept apart from the saved email's.
  const text = draft ? ['edit', draft.subject, draft.body] : [email.subject, email.body];
  const { data, error, isPending } = useQuery({
    ...base,
    queryKey: [...base.queryKey, ...text],
    refetchOnMount: 'always',
  });
  if (isPending)
    return (
      <Group justify="center" mih={120}>
        <Busy size="sm" label="Composing the email" />
      </Group>
    );
  if (error)
    return (
      <Alert color="red" title="Could not compose the email">
        {errorDetail(error, 'Please try again.')}
      </Alert>
    );
  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label="Email as sent">
      <Stack gap={4}>
        <Header label="From" value={data.from} />
        <Header label="To" value={data.to} />
        <Header label="Subject" value={data.subject} />
      </Stack>
      <Switch
        my="sm"
        size="xs"
        label="Show the plain-text part"
        checked={textPart}
        onChange={(event) => setTextPart(event.currentTarget.checked)}
      />
      {textPart ? (
        <Code block style={{ whiteSpace: 'pre-wrap' }} aria-label="Plain-text part">
          {data.text}
        </Code>
      ) : (
        <Box
          component="iframe"
          title="HTML part"
          // No scripts, no forms, no navigation: the frame only shows the message.
          sandbox=""
          srcDoc={`<!doctype html><meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}">${data.html}`}
          w="100%"
          h={360}
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 4,
            background: 'white',
          }}
        />
      )}
    </Paper>
  );
}

function Header({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm" style={{ wordBreak: 'break-word' }}>
      <Text span c="dimmed" size="sm" w={64} display="inline-block">
        {label}
      </Text>
      {value}
    </Text>
  );
}
