import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { Email } from '../../../../contract/campaigns';
import { HtmlEditor } from '../../../components/html-editor';
import { AsSentPreview, AsSentSwitch } from './as-sent-preview';
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
 * fresh. A follow-up's subject is shown but not editable: it is the first email's, as a reply. The
 * subject takes the focus on opening (the review opens it with E too), and Ctrl/Cmd+Enter saves.
 * "As sent" shows the edit, not saved yet, as it would leave; the fields stay mounted, hidden, so
 * going back finds the edit as it was (the body's editor reads its first value only).
 */
export function EmailEditForm({ email, saving, onSave, onCancel }: EmailEditFormProps) {
  const [subject, setSubject] = useState(email.subject);
  const [body, setBody] = useState(email.body);
  const [asSent, setAsSent] = useState(false);
  const blank = subject.trim() === '' || body.trim() === '';
  const followUp = isFollowUp(email);
  // What Save sends is what the preview composes.
  const edit = { subject: subject.trim(), body };
  const save = () => onSave(edit.subject, edit.body);
  const subjectField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!followUp) subjectField.current?.focus();
  }, [followUp]);
  // Caught on the way down to the field: the body's editor would otherwise take Ctrl+Enter as a line break.
  const saveOnModEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    event.stopPropagation();
    if (!blank && !saving) save();
  };

  return (
    <Stack gap="sm" onKeyDownCapture={saveOnModEnter}>
      <AsSentSwitch written="Edit" asSent={asSent} onChange={setAsSent} />
      <Stack gap="sm" display={asSent ? 'none' : undefined}>
        <TextInput
          ref={subjectField}
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
      </Stack>
      {asSent && <AsSentPreview email={email} draft={edit} />}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={save} loading={saving} disabled={blank}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
