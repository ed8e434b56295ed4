import { ActionIcon, Group, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import {
  delayProblem,
  type FollowUpDraft,
  MAX_DELAY_DAYS,
  MIN_DELAY_DAYS,
  missingTemplateMessage,
} from './follow-up-steps';

interface FollowUpTitleProps {
  stepNumber: number;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** A follow-up's heading in the timeline, with the buttons that move or remove it. */
export function FollowUpTitle({ stepNumber, canMoveUp, canMoveDown, onMove, onRemove }: FollowUpTitleProps) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" fw={600}>
        Step {stepNumber} · follow-up
      </Text>
      {/* Icon buttons, so each names its step: several steps are on screen at once. */}
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Move step ${stepNumber} up`}
          disabled={!canMoveUp}
          onClick={() => onMove(-1)}
        >
          <IconArrowUp size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Move step ${stepNumber} down`}
          disabled={!canMoveDown}
          onClick={() => onMove(1)}
        >
          <IconArrowDown size={16} />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red" aria-label={`Remove step ${stepNumber}`} onClick={onRemove}>
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}

interface FollowUpFieldsProps {
  step: FollowUpDraft;
  stepNumber: number;
  templateOptions: { value: string; label: string }[];
  onChange: (patch: Partial<Omit<FollowUpDraft, 'key'>>) => void;
}

/** One follow-up's settings: how long after the step before it goes, how days count, its template. */
export function FollowUpFields({ step, stepNumber, templateOptions, onChange }: FollowUpFieldsProps) {
  return (
    <Stack gap="xs" mt={4}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <NumberInput
          label="Send after (days)"
          description={`Days after step ${stepNumber - 1} goes out`}
          w={180}
          min={MIN_DELAY_DAYS}
          max={MAX_DELAY_DAYS}
          allowDecimal={false}
          allowNegative={false}
          value={step.delayDays ?? ''}
          // A number once the input holds one; '' (or a half-typed value) while it does not.
          onChange={(value) => onChange({ delayDays: typeof value === 'number' ? value : null })}
          error={delayProblem(step)}
        />
        <Select
          label="Template"
          placeholder="Select a template"
          style={{ flex: 1 }}
          miw={220}
          data={templateOptions}
          value={step.templateId === null ? null : String(step.templateId)}
          onChange={(value) => onChange({ templateId: value === null ? null : Number(value) })}
          allowDeselect={false}
          searchable
          nothingFoundMessage="No matching templates"
          // Not an error: the draft saves without it, but generating needs it (the server's own words).
          description={step.templateId === null ? missingTemplateMessage(stepNumber) : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      </Group>
      <Switch
        label="Business days only"
        description="Count Monday to Friday only"
        checked={step.businessDays}
        onChange={(event) => onChange({ businessDays: event.currentTarget.checked })}
      />
    </Stack>
  );
}
