import { Modal, Stack, Text } from '@mantine/core';
import type { Campaign } from '../../../../contract/campaigns';
import { ComingSoon } from '../../../components/coming-soon';

interface ReviewDialogProps {
  /** The campaign whose emails to review; null keeps the dialog closed. */
  campaign: Campaign | null;
  onClose: () => void;
}

/** SPEC §2 "Review & Edit Emails". A placeholder until the review screen is built. */
export function ReviewDialog({ campaign, onClose }: ReviewDialogProps) {
  return (
    <Modal opened={campaign !== null} onClose={onClose} title="Review & Edit Emails" size="lg" centered>
      <Stack gap="md">
        {campaign && (
          <Text size="sm" c="dimmed">
            {campaign.name}
          </Text>
        )}
        <ComingSoon
          feature="Reviewing, approving and sending emails"
          description="Here you will read each generated email, edit it, approve it and send or schedule it."
        />
      </Stack>
    </Modal>
  );
}
