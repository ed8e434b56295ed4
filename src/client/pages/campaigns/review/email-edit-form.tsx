import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Email } from '../../../../contract/campaigns';
import { HtmlEditor } from '../../../components/html-editor';
import { FOLLOW_UP_SUBJECT_NOTE, isFollowUp } from './email-step';

interface EmailEditFormProps {
  email: Email;
  saving: boolean;
  onSave: (subject: string, body: string) => void;
  onCancel: () => void;
}

/** The review editor is at least 150 px tall. */
const REVIEW_EDITOR_MIN_HEIGHT = 150;

/**
 * Inline editing of one email's subject and body; the parent keys it by email so each edit starts
 * fresh. A follow-up's subject is shown but not editable: it is the first email's, as a reply.
 */
export function EmailEditForm({ email, saving, onSave, onCancel }: EmailEditFormProps) {
  const [subject, setSubject] = useState(email.subject);
  const [body, setBody] = useState(email.body);
  const blank = subject.trim() === '' || body.trim() === '';
  const followUp = isFollowUp(email);

  return (
    <Stack gap="sm">
      <TextInput
        label="Subject"
        value={subject}
        onChange={(event) => setSubject(event.currentTarget.value)}
        maxLength={2_000}
        readOnly={followUp}
        description={followUp ? FOLLOW_UP_SUBJECT_NOTE : undefined}
        data-autofocus={!followUp || undefined}
      />
      <HtmlEditor
        label="Body"
        initialValue={email.body}
        onChange={setBody}
        minHeight={REVIEW_EDITOR_MIN_HEIGHT}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => onSave(subject.trim(), body)} loading={saving} disabled={blank}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
