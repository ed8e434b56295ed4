import { Box, Button, Tooltip } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { Email } from '../../../../contract/campaigns';
import { APPROVAL_BLOCKED_HINT, approvalBlocked } from './email-findings';

interface ApproveButtonProps {
  email: Pick<Email, 'isApproved' | 'findings' | 'findingsDismissed'>;
  busy: boolean;
  onToggle: () => void;
}

/**
 * Approves the email, or withdraws its approval. An open high-severity finding keeps it off until the
 * text is fixed or the findings dismissed; the server would refuse the approval anyway.
 */
export function ApproveButton({ email, busy, onToggle }: ApproveButtonProps) {
  const blocked = approvalBlocked(email);
  const approved = email.isApproved;
  return (
    <Tooltip label={APPROVAL_BLOCKED_HINT} disabled={!blocked}>
      {/* A disabled button gets no pointer events; the wrapper keeps the tooltip working. */}
      <Box component="span" tabIndex={blocked ? 0 : undefined}>
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
