import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../contract/api';
import { MAX_KEEP_ANSWER_DAYS, type WorkspaceMembership } from '../../../contract/workspaces';
import { call, errorDetail, keyOf } from '../../api';
import { useCurrentWorkspace } from '../../session/use-current-workspace';
import { showToast } from '../../toast';

const LABEL = 'Keep answers you read for N days (0 = keep only the snippet)';
const EXPLANATION =
  'By default Tailor keeps only a 200-character snippet of each answer and fetches the whole message from the mailbox each time it is opened.';

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/**
 * How long the inbox keeps the whole of an answer once read (docs/product.md §16), the
 * workspace's setting: owners change it; everyone else reads it. A number is typed a digit at a
 * time, so unlike the four-eyes switch it is saved when the owner says so, not at each key.
 */
export function KeepAnswersSetting() {
  const { current } = useCurrentWorkspace();
  const queryClient = useQueryClient();
  // What the owner typed and has not saved ('' while the field is empty); undefined shows the workspace's value.
  const [draft, setDraft] = useState<number | '' | undefined>(undefined);
  const save = useMutation({
    mutationFn: (keepAnswerDays: number) => call(api.workspaces.update, { body: { keepAnswerDays } }),
    // The list shows the saved value at once (no flicker back while it is read again), then is read again.
    onSuccess: (_saved, keepAnswerDays) => {
      queryClient.setQueryData(keyOf(api.workspaces.list), (list: WorkspaceMembership[] | undefined) =>
        list?.map((w) => (w.id === current?.id ? { ...w, keepAnswerDays } : w)),
      );
      setDraft(undefined);
      showToast({
        title: keepAnswerDays === 0 ? 'Only snippets are kept' : `Answers are kept ${days(keepAnswerDays)}`,
        tone: 'success',
      });
      return queryClient.invalidateQueries({ queryKey: keyOf(api.workspaces.list) });
    },
    onError: (error) =>
      showToast({ title: errorDetail(error, 'Could not change the setting'), tone: 'error' }),
  });
  if (!current) return null;
  const saved = current.keepAnswerDays;

  if (current.role !== 'owner')
    return (
      <Stack gap={2}>
        <Text size="sm">
          {saved === 0
            ? 'Answers you read: only their snippet is kept.'
            : `Answers you read are kept for ${days(saved)}.`}
        </Text>
        <Text size="xs" c="dimmed">
          {EXPLANATION} Only an owner can change this.
        </Text>
      </Stack>
    );

  const value = draft ?? saved;
  const changed = value !== '' && value !== saved;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) save.mutate(value);
      }}
    >
      <NumberInput
        label={LABEL}
        description={EXPLANATION}
        // Like the four-eyes switch above it: a setting's words, not a form's heading.
        labelProps={{ fw: 400 }}
        min={0}
        max={MAX_KEEP_ANSWER_DAYS}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        value={value}
        onChange={(next) => setDraft(typeof next === 'number' ? next : '')}
        disabled={save.isPending}
        // The label and its sentence take the card's width; the field, a number's, with Save beside it.
        inputContainer={(input) => (
          <Group gap="xs" wrap="nowrap" mt={4}>
            <div style={{ width: 140 }}>{input}</div>
            <Button
              type="submit"
              variant="default"
              // Settings has several Save buttons; the name says which, starting with the word shown.
              aria-label="Save how long answers are kept"
              disabled={!changed}
              loading={save.isPending}
            >
              Save
            </Button>
          </Group>
        )}
      />
    </form>
  );
}
