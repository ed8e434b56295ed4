import { Box, Button, Tooltip } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { Email } from '../../../../contract/campaigns';

interface ApproveButtonProps {
  email: Pick<Email, 'isApproved'>;
  /** Why this person may not approve the email now (approvalRefusal); null when they may. */
  refusal: string | null;
  busy: boolean;
  onToggle: () => void;
}

/**
 * Approves the email, or withdraws its approval. An open high-severity finding, or four-eyes approval
 * when this person wrote the email, keeps it off, with the reason beside it; the server would refuse
 * the approval anyway.
 */
export function ApproveButton({ email, refusal, busy, onToggle }: ApproveButtonProps) {
  const blocked = refusal !== null;
  const approved = email.isApproved;
  return (
    <Tooltip
      label={refusal}
      disabled={!blocked}
      multiline
      maw={320}
      // A phone has no hover: a touch on the button shows the reason too.
      events={{ hover: true, focus: true, touch: true }}
    >
      {/* A disabled button gets no pointer events; the wrapper keeps the tooltip working. */}
      <Box component="span" tabIndex={blocked ? 0 : undefined} data-testid="approve-reason">
        <Button
          variant={approved ? 'filled' : 'light'}
          color="teal"
          leftSection={<IconCheck size={16} />}
          aria-pressed={approved}
          title={approved ? 'Approved: click to withdraw the approval' : undefined}
          disabled={blocked}
          loading={busy}
          onClick={onToggle}
        >
          {approved ? 'Approved' : 'Approve'}
        </Button>
      </Box>
    </Tooltip>
  );
}
