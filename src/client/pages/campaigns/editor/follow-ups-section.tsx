import { Button, Code, Group, Text, Timeline } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { MAX_FOLLOW_UPS } from '../../../../contract/campaigns';
import { SendWindowFields } from '../../../components/send-window-fields';
import { EditorSection } from './editor-section';
import { FollowUpFields, FollowUpTitle } from './follow-up-item';
import { addFollowUp, changeFollowUp, moveFollowUp, removeFollowUp, stepNumberOf } from './follow-up-steps';
import { templateOptions } from './template-options';
import type { CampaignEditorState } from './use-campaign-editor-state';

/**
 * The 'Follow-ups' card: the sequence as a timeline (the campaign's own email first, then each
 * follow-up), the button that adds one, and the window follow-ups are sent in.
 */
export function FollowUpsSection({ state }: { state: CampaignEditorState }) {
  const { draft, templates, changeFollowUps } = state;
  const options = templateOptions(templates);
  const firstTemplate = options.find((option) => option.value === String(draft.templateId));
  const steps = draft.followUps;
  const atLimit = steps.length >= MAX_FOLLOW_UPS;
  const hintId = useId();

  return (
    <EditorSection title="Follow-ups">
      <Text size="sm" c="dimmed">
        Follow-ups reply in the first email’s thread. A recipient’s follow-ups stop when they reply, bounce or
        unsubscribe.
      </Text>
      <Timeline active={steps.length} bulletSize={24} lineWidth={2}>
        <Timeline.Item
          bullet={<span aria-hidden>1</span>}
          title={
            <Text size="sm" fw={600}>
              Step 1 · first email
            </Text>
          }
          role="group"
          aria-label="Step 1"
        >
          <Text size="sm" c="dimmed">
            {firstTemplate ? `Template: ${firstTemplate.label}` : 'Uses the email template chosen above.'}
          </Text>
        </Timeline.Item>
        {steps.map((step, index) => {
          const stepNumber = stepNumberOf(index);
          return (
            <Timeline.Item
              key={step.key}
              bullet={<span aria-hidden>{stepNumber}</span>}
              title={
                <FollowUpTitle
                  stepNumber={stepNumber}
                  canMoveUp={index > 0}
                  canMoveDown={index < steps.length - 1}
                  onMove={(by) => changeFollowUps((all) => moveFollowUp(all, index, by))}
                  onRemove={() => changeFollowUps((all) => removeFollowUp(all, index))}
                />
              }
              role="group"
              aria-label={`Step ${stepNumber}`}
            >
              <FollowUpFields
                step={step}
                stepNumber={stepNumber}
                templateOptions={options}
                onChange={(patch) => changeFollowUps((all) => changeFollowUp(all, index, patch))}
              />
            </Timeline.Item>
          );
        })}
      </Timeline>
      <Group gap="sm">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={atLimit}
          aria-describedby={hintId}
          onClick={() => changeFollowUps(addFollowUp)}
        >
          Add follow-up
        </Button>
        <Text size="xs" c="dimmed" id={hintId}>
          {atLimit
            ? `A campaign can have at most ${MAX_FOLLOW_UPS} follow-ups.`
            : `Up to ${MAX_FOLLOW_UPS} follow-ups.`}
        </Text>
      </Group>
      <SendWindowFields
        title="Sending window"
        description={
          <>
            Follow-ups go out only on these days and between these times, in each recipient’s time zone (a{' '}
            <Code>timezone</Code> column in your CSV), otherwise in yours.
          </>
        }
        window={draft.sendWindow}
        onChange={state.changeWindow}
      />
    </EditorSection>
  );
}
