import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconSend, IconSparkles } from '@tabler/icons-react';
import type { Editor } from '@tiptap/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { AnswerThread } from '../../../contract/answer-thread';
import { errorDetail, isUnauthorized } from '../../api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { HtmlEditor } from '../../components/html-editor';
import { sendable } from './answer-status';
import { ANSWER_WHEN_NOW, AnswerWhenFields, sendAtOf } from './answer-when';
import { HeaderList, WRAP } from './header-list';
import { type AnswerActions, sendErrorTitle } from './use-answer';

/** As tall as the review's editor. */
const ANSWER_EDITOR_MIN_HEIGHT = 150;

interface AnswerEditorProps {
  thread: Pick<AnswerThread, 'from' | 'to' | 'subject' | 'canAnswer' | 'cannotAnswerReason' | 'heldUntil'>;
  /** What the editor opens with: the draft kept, a failed answer's words, or nothing. */
  initialBody: string;
  /** What closing loses nothing of: a failed answer's words (kept by the server), or nothing. */
  original: string;
  /** An AI provider is set up: "Suggest an answer" is offered. */
  ai: boolean;
  actions: AnswerActions;
  /** True once each time the editor is to take the focus (it opened, or E was pressed again). */
  takeFocus: () => boolean;
  onChange: (body: string, unsent: boolean) => void;
  onClose: () => void;
}

type Dialog = 'discard' | 'replace' | null;

/**
 * Writing the answer to one reply (docs/product.md §16): From, To and Subject as it will leave, the
 * text in the app's editor, and Send (or, after a "not now" that named a day, Schedule for that day).
 * "Suggest an answer" asks the AI provider for words and puts
 * them in the editor, asking first when they would replace the person's: nothing the AI writes is
 * sent without a person. Escape (or Cancel) closes it, asking first when something written would be
 * lost.
 */
export function AnswerEditor({
  thread,
  initialBody,
  original,
  ai,
  actions,
  takeFocus,
  onChange,
  onClose,
}: AnswerEditorProps) {
  const { send, suggest } = actions;
  const [body, setBody] = useState(initialBody);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const [when, setWhen] = useState(ANSWER_WHEN_NOW);
  const leaving = sendAtOf(when, thread.heldUntil);
  const editor = useRef<Editor | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const unsent = body !== '' && body !== original;
  const busy = send.isPending;

  // On each render, in case E asked again while the editor was open.
  useEffect(() => {
    if (!takeFocus()) return;
    root.current?.scrollIntoView({ block: 'nearest' });
    editor.current?.commands.focus('end', { scrollIntoView: false });
  });

  const change = (next: string) => {
    setBody(next);
    onChange(next, next !== '' && next !== original);
  };
  const put = (html: string) => {
    setSuggestion(null);
    // Through the editor, so Undo brings the words before it back.
    editor.current
      ?.chain()
      .setContent(html, { emitUpdate: true })
      .focus('end', { scrollIntoView: false })
      .run();
  };
  const askSuggestion = () => {
    suggest.reset();
    suggest.mutate(undefined, {
      onSuccess: ({ body: suggested }) => {
        // Read now, not when asked: the person may have typed while the suggestion was written.
        if (editor.current?.isEmpty ?? true) put(suggested);
        else {
          setSuggestion(suggested);
          setDialog('replace');
        }
      },
    });
  };
  const requestClose = () => {
    // Open until the send is done: a refusal shows here, with the words still in the editor.
    if (busy) return;
    if (!unsent) return onClose();
    // Opened after this event: a dialog mounted while Escape is still being handled would take it.
    setTimeout(() => setDialog('discard'), 0);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Escape in the link's popover (rendered elsewhere) closes the popover, not the editor.
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (!(event.target instanceof Node) || !root.current?.contains(event.target)) return;
    event.preventDefault();
    requestClose();
  };

  const submit = () => {
    if (!leaving.ok) return;
    send.mutate(leaving.sendAt ? { body, sendAt: leaving.sendAt } : { body });
  };

  const sendError = send.error && !isUnauthorized(send.error) ? send.error : null;
  const suggestError = suggest.error && !isUnauthorized(suggest.error) ? suggest.error : null;
  return (
    <Stack gap="sm" ref={root} onKeyDown={onKeyDown}>
      <Headers thread={thread} />
      {!thread.canAnswer && (
        <Alert color="yellow" variant="light" p="xs">
          <Text size="sm" style={WRAP}>
            {thread.cannotAnswerReason ?? 'This reply cannot be answered from here now.'}
          </Text>
        </Alert>
      )}
      <HtmlEditor
        label="Your answer"
        initialValue={initialBody}
        onChange={change}
        minHeight={ANSWER_EDITOR_MIN_HEIGHT}
        editorRef={editor}
      />
      {thread.heldUntil && (
        <AnswerWhenFields
          heldUntil={thread.heldUntil}
          when={when}
          error={leaving.ok ? null : leaving.error}
          onChange={setWhen}
        />
      )}
      {sendError && (
        <Alert color="red" title={sendErrorTitle(sendError)}>
          <Text size="sm" style={WRAP}>
            {errorDetail(sendError, 'Please try again.')}
          </Text>
        </Alert>
      )}
      {suggestError && (
        <Alert color="red" title="Could not suggest an answer">
          <Text size="sm" style={WRAP}>
            {errorDetail(suggestError, 'Please try again.')}
          </Text>
        </Alert>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        {ai ? (
          <Button
            variant="light"
            leftSection={<IconSparkles size={16} aria-hidden />}
            loading={suggest.isPending}
            disabled={busy}
            onClick={askSuggestion}
          >
            Suggest an answer
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button variant="default" onClick={requestClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            loading={busy}
            disabled={!thread.canAnswer || !sendable(body) || !leaving.ok || suggest.isPending}
            onClick={submit}
          >
            {leaving.ok && leaving.sendAt ? 'Schedule answer' : 'Send answer'}
          </Button>
        </Group>
      </Group>
      <ConfirmDialog
        opened={dialog === 'discard'}
        title="Discard the answer?"
        message="What you wrote has not been sent and will be lost."
        confirmLabel="Discard"
        onConfirm={() => {
          setDialog(null);
          onClose();
        }}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={dialog === 'replace'}
        title="Replace your text?"
        message="The suggestion takes the place of what you wrote. Undo in the editor brings your words back."
        confirmLabel="Replace"
        onConfirm={() => {
          setDialog(null);
          if (suggestion !== null) put(suggestion);
        }}
        onCancel={() => {
          setDialog(null);
          setSuggestion(null);
        }}
      />
    </Stack>
  );
}

/** Where the answer goes from and to, and its subject, as the server will send it. */
function Headers({ thread }: { thread: AnswerEditorProps['thread'] }) {
  const rows: [string, string][] = [
    ['From', thread.from ?? 'Unknown'],
    ['To', thread.to ?? 'Unknown'],
    ['Subject', thread.subject || '(no subject)'],
  ];
  return <HeaderList rows={rows} />;
}
