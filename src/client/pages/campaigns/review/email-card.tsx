import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconExternalLink,
  IconPencil,
  IconPlayerStop,
  IconSend,
  IconTestPipe,
} from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { api } from '../../../../contract/api';
import type { Email } from '../../../../contract/campaigns';
import { hrefOf } from '../../../api';
import { formatDateTime } from '../../../format-date';
import type { EmailActions } from '../emails/use-email-actions';
import { approvalRefusal } from './approval-refusal';
import { ApproveButton } from './approve-button';
import { AsSentPreview, AsSentSwitch } from './as-sent-preview';
import { EmailAuthorshipLine } from './email-authorship';
import { EmailConversation } from './email-conversation';
import { EmailEditForm } from './email-edit-form';
import { EmailPreview } from './email-preview';
import { canApprove, canEdit, canSendNow, conversationLabels, emailStatusLabel } from './email-status';
import { stepLabel } from './email-step';
import { FindingsPanel } from './findings-panel';
import { SenderFactsUsed } from './sender-facts-used';
import { UnknownDelivery } from './unknown-delivery';
import type { Reviewer } from './use-reviewer';

interface EmailCardProps {
  email: Email;
  /** The campaign has follow-ups: each email says which step it is. */
  showStep: boolean;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  actions: EmailActions;
  reviewer: Reviewer;
}

/** One email under review: who it is for, what needs attention, its content and what can be done with it. */
export function EmailCard({ email, showStep, editing, onEditingChange, actions, reviewer }: EmailCardProps) {
  const status = emailStatusLabel(email);
  const { edit, setApproved, dismissFindings, send, sendTest, resolve } = actions;
  const busy = (m: { isPending: boolean; variables?: { id: number } }) =>
    m.isPending && m.variables?.id === email.id;
  const details = [email.recipient.company, email.recipient.jobTitle].filter(Boolean).join(' · ');

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="review-recipient">
            <AddressWithBreaks address={email.recipient.email} />
          </Text>
          <Text size="sm" c="dimmed">
            {details || 'No company or job title'}
          </Text>
          {showStep && (
            <Text size="sm" fw={500}>
              {stepLabel(email.step)}
            </Text>
          )}
        </div>
        <Group gap={6} justify="flex-end" style={{ flexShrink: 0 }}>
          {[status, ...conversationLabels(email)].map((badge) => (
            <Badge key={badge.label} color={badge.color} variant="light" radius="sm">
              {badge.label}
            </Badge>
          ))}
        </Group>
      </Group>
      {email.attentionReason && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={16} />}
          p="xs"
          title="Check this email"
        >
          <Text size="sm">{email.attentionReason}</Text>
        </Alert>
      )}
      {email.errorMessage &&
        (email.status === 'stopped' ? (
          // Not a failure: the sequence ended for this recipient, and the reason says why ("Stopped: replied on 3 Dec").
          <Alert color="gray" variant="light" p="xs" icon={<IconPlayerStop size={16} />}>
            <Text size="sm">{email.errorMessage}</Text>
          </Alert>
        ) : (
          <Alert color="red" variant="light" p="xs">
            <Text size="sm">Error: {email.errorMessage}</Text>
          </Alert>
        ))}
      {email.status === 'waiting' && (
        <Text size="sm">Goes out when step {email.step - 1} has been sent and this step falls due.</Text>
      )}
      {email.status === 'scheduled' && email.scheduledFor && (
        <Text size="sm">Scheduled for {formatDateTime(email.scheduledFor)}</Text>
      )}
      {email.status === 'sent' && email.sentAt && <Text size="sm">Sent {formatDateTime(email.sentAt)}</Text>}
      {email.status === 'unknown' && (
        <UnknownDelivery
          messageId={email.messageId}
          busy={busy(resolve)}
          onMarkSent={() => resolve.mutate({ id: email.id, action: 'mark-sent' })}
          onResend={() => resolve.mutate({ id: email.id, action: 'resend' })}
        />
      )}
      <FindingsPanel
        email={email}
        canChange={!editing && canEdit(email)}
        busy={busy(dismissFindings)}
        onDismissedChange={(findingsDismissed) => dismissFindings.mutate({ id: email.id, findingsDismissed })}
      />
      {editing ? (
        <EmailEditForm
          key={email.id}
          email={email}
          saving={busy(edit)}
          onCancel={() => onEditingChange(false)}
          onSave={(subject, body) =>
            edit.mutate({ id: email.id, subject, body }, { onSuccess: () => onEditingChange(false) })
          }
        />
      ) : (
        <DraftOrAsSent email={email} />
      )}
      {/* Below the email, so the email keeps its place on the screen. */}
      {!editing && <SenderFactsUsed email={email} />}
      {/* Beside the actions, where the approval is given; one person working alone needs no names. */}
      {!editing && reviewer.inTeam && <EmailAuthorshipLine authorship={email.authorship} />}
      {!editing && (
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPencil size={16} />}
            disabled={!canEdit(email)}
            onClick={() => onEditingChange(true)}
          >
            Edit
          </Button>
          {canApprove(email) && (
            <ApproveButton
              email={email}
              refusal={approvalRefusal(email, reviewer)}
              busy={busy(setApproved)}
              onToggle={() => setApproved.mutate({ id: email.id, isApproved: !email.isApproved })}
            />
          )}
          {canSendNow(email) && (
            <Button
              variant="light"
              leftSection={<IconSend size={16} />}
              loading={busy(send)}
              onClick={() => send.mutate({ id: email.id })}
            >
              Send now
            </Button>
          )}
          <Button
            variant="subtle"
            leftSection={<IconTestPipe size={16} />}
            loading={busy(sendTest)}
            onClick={() => sendTest.mutate({ id: email.id })}
          >
            Send test to me
          </Button>
          {email.status === 'sent' && (
            <Anchor
              href={hrefOf(api.emails.raw, { params: { id: email.id } })}
              target="_blank"
              rel="noopener"
              size="sm"
            >
              View raw message <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} />
            </Anchor>
          )}
        </Group>
      )}
      {/* Only an email whose sending started carries a Message-ID, the only thing a reply can refer to.
          Keyed by what the sync changes, so a new reply or bounce on the page reads the events again. */}
      {!editing && email.messageId && (
        <EmailConversation key={`${email.id}:${email.repliedAt}:${email.bouncedAt}`} emailId={email.id} />
      )}
    </Stack>
  );
}

/**
 * The draft (with the findings marked) or, until it is sent, the message as it will leave. A sent
 * email has its raw message instead, and an open of its preview would be counted by its pixel.
 */
function DraftOrAsSent({ email }: { email: Email }) {
  const [asSent, setAsSent] = useState(false);
  const previewable = canEdit(email) || email.status === 'scheduled' || email.status === 'waiting';
  return (
    <Stack gap="xs">
      {previewable && <AsSentSwitch written="Draft" asSent={asSent} onChange={setAsSent} />}
      {previewable && asSent ? <AsSentPreview email={email} /> : <EmailPreview email={email} />}
    </Stack>
  );
}

/**
 * An address that may wrap on a narrow screen: after its "@" first, then after a dot or hyphen of
 * either part, never in the middle of a word ("northwind-log" / "istics.co.uk"). Only a part longer
 * than the line breaks anywhere (overflow-wrap on the text).
 */
function AddressWithBreaks({ address }: { address: string }) {
  // Text and <wbr> side by side (no wrapper per part), so the address stays one run of text.
  return address.split(/(?<=[@.-])/).map((part, i) => (
    // The parts of one address never change order: the position is their key.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
