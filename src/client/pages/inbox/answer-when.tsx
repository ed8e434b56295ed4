import { Group, Radio, Stack, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { formatFullDay } from '../../format-date';
import { checkScheduleTime } from '../campaigns/emails/schedule-time';

/** Now, or on the day a "not now" reply named, at a time of the person's choosing. */
export interface AnswerWhen {
  later: boolean;
  /** HH:mm on that day, in the browser's time zone. */
  time: string;
}

/** Nine in the morning: a working hour wherever the recipient is likely to read it. */
export const ANSWER_WHEN_NOW: AnswerWhen = { later: false, time: '09:00' };

/**
 * The moment the answer is to leave: null for now, or the ISO moment of `time` on `heldUntil` (as
 * the schedule dialog reads its fields), or why that cannot be.
 */
export function sendAtOf(
  when: AnswerWhen,
  heldUntil: string | null,
  now = new Date(),
): { ok: true; sendAt: string | null } | { ok: false; error: string } {
  if (!when.later || !heldUntil) return { ok: true, sendAt: null };
  const check = checkScheduleTime(heldUntil, when.time, now);
  return check.ok ? { ok: true, sendAt: check.iso } : check;
}

interface AnswerWhenFieldsProps {
  /** The day the recipient's "not now" named (YYYY-MM-DD). */
  heldUntil: string;
  when: AnswerWhen;
  error: string | null;
  onChange: (when: AnswerWhen) => void;
}

/**
 * The recipient said "not now" and named a day (docs/product.md §16): their sequence stopped at
 * that reply, so the editor offers the answer as the follow-up on that day. The mailbox's daily
 * limit and sending hours still apply when it falls due.
 */
export function AnswerWhenFields({ heldUntil, when, error, onChange }: AnswerWhenFieldsProps) {
  const day = formatFullDay(heldUntil);
  return (
    <Stack gap={6}>
      <Radio.Group
        label="When to send"
        value={when.later ? 'later' : 'now'}
        onChange={(value) => onChange({ ...when, later: value === 'later' })}
      >
        <Group gap="lg" mt={4}>
          <Radio value="now" label="Now" />
          <Radio value="later" label={`On ${day}, the day they named`} />
        </Group>
      </Radio.Group>
      {when.later && (
        <>
          <TimeInput
            label={`Time on ${day}`}
            value={when.time}
            onChange={(event) => onChange({ ...when, time: event.currentTarget.value })}
            error={error}
            w={160}
            withAsterisk
          />
          <Text size="xs" c="dimmed">
            Times are in your browser’s time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).
          </Text>
        </>
      )}
    </Stack>
  );
}
