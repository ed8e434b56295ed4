import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { ThreadAnswer } from '../../../contract/answer-thread';
import type { InboxItem } from '../../../contract/inbox';
import { errorDetail, isUnauthorized } from '../../api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { usePublicConfig } from '../../session/use-public-config';
import { showToast, type ToastOptions } from '../../toast';
import { AnswerEditor } from './answer-editor';
import { answerStatusLine } from './answer-status';
import { answerThreadQuery } from './inbox-queries';
import { InboxThread } from './inbox-thread';
import { useAnswer } from './use-answer';
import type { AnswerDrafts } from './use-answer-drafts';

interface AnswerSectionProps {
  item: Pick<InboxItem, 'id'>;
  /** Senders and owners send answers; undefined while the role loads. */
  canSend: boolean | undefined;
  drafts: AnswerDrafts;
}

/**
 * Answering in the thread (docs/product.md §16): the conversation with the recipient, then the
 * answer: Answer (or E) opens the editor, unless the server says why this reply cannot be answered
 * now (one answer is on its way at a time; once it has gone the reply may be answered again, and a
 * failed one's words open to be sent again). Give it `key={item.id}`: the conversation and what was just sent belong to one reply.
 */
export function AnswerSection({ item, canSend, drafts }: AnswerSectionProps) {
  const { id } = item;
  const query = useQuery(answerThreadQuery(id));
  const { data: thread, error } = query;
  // Only when the server has said it has one: without it, the button would only ever fail.
  const ai = usePublicConfig().data?.ai === true;
  const [sentId, setSentId] = useState<number | null>(null);
  const actions = useAnswer(id, {
    onSent: (answer) => {
      drafts.close(id);
      setSentId(answer.emailId);
      showToast(sentToast(answer));
    },
  });
  const heading = useId();
  const [cancelling, setCancelling] = useState(false);

  const answerButton = useRef<HTMLButtonElement>(null);
  // Back to Answer once the editor closes, so the keyboard carries on from there.
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus) return;
    setRefocus(false);
    answerButton.current?.focus();
  }, [refocus]);

  const editing = drafts.isOpen(id) && canSend === true;
  const failed = thread?.answer?.status === 'failed' ? thread.answer : null;

  return (
    <Stack gap="md">
      <Stack gap="xs" component="section" aria-labelledby={heading}>
        <Title order={2} fz="sm" id={heading}>
          Conversation
        </Title>
        {error && !isUnauthorized(error) && !thread ? (
          <Alert color="red" title="Could not load the conversation">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorDetail(error, 'Please try again.')}</Text>
              <Button size="xs" variant="default" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : !thread ? (
          <Stack gap={6} role="status" aria-label="Loading the conversation">
            <Skeleton h={48} />
            <Skeleton h={48} />
          </Stack>
        ) : (
          <InboxThread
            thread={thread}
            currentId={id}
            focusAnswerId={sentId}
            onCancel={canSend ? () => setCancelling(true) : undefined}
          />
        )}
      </Stack>
      {thread && editing && (
        <Stack gap="xs" component="section" aria-label="Write an answer">
          <AnswerEditor
            thread={thread}
            initialBody={drafts.bodyOf(id) ?? failed?.body ?? ''}
            original={failed?.body ?? ''}
            ai={ai}
            actions={actions}
            takeFocus={() => drafts.takeFocus(id)}
            onChange={(body, unsent) => drafts.keep(id, body, unsent)}
            onClose={() => {
              drafts.close(id);
              // The next opening starts without the last one's refusals.
              actions.send.reset();
              actions.suggest.reset();
              setRefocus(true);
            }}
          />
        </Stack>
      )}
      {thread && !editing && canSend !== undefined && (
        <Stack gap={4} align="flex-start">
          {thread.canAnswer && canSend ? (
            <Button
              ref={answerButton}
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              onClick={() => drafts.open(id)}
              aria-keyshortcuts="e"
            >
              {failed ? 'Answer again' : 'Answer'}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {thread.canAnswer
                ? 'Senders and owners answer replies here; you read the conversation.'
                : (thread.cannotAnswerReason ?? 'This reply cannot be answered from here.')}
            </Text>
          )}
        </Stack>
      )}
      {actions.cancel.error && !isUnauthorized(actions.cancel.error) && (
        <Alert color="red" title="Could not cancel the answer">
          <Text size="sm">{errorDetail(actions.cancel.error, 'Please try again.')}</Text>
        </Alert>
      )}
      <ConfirmDialog
        opened={cancelling}
        title="Cancel this answer?"
        message="It waits for its time and will not be sent. What you wrote stays in the conversation."
        confirmLabel="Cancel the answer"
        loading={actions.cancel.isPending}
        onCancel={() => setCancelling(false)}
        onConfirm={() =>
          actions.cancel.mutate(undefined, {
            onSuccess: () => {
              setCancelling(false);
              showToast({ title: 'Answer cancelled: it will not be sent', tone: 'success' });
            },
            onError: () => setCancelling(false),
          })
        }
      />
    </Stack>
  );
}

/** What the send came to, as the review's sends say it. */
function sentToast(answer: ThreadAnswer): ToastOptions {
  switch (answer.status) {
    case 'queued':
    case 'sending':
    case 'sent':
      return { title: 'Answer on its way', tone: 'success' };
    case 'scheduled':
      return { title: 'Answer scheduled', message: answerStatusLine(answer), tone: 'info' };
    default:
      return { title: 'Answer not sent', message: answerStatusLine(answer), tone: 'error' };
  }
}
