import { Modal, Stack, Text } from '@mantine/core';
import type { Campaign } from '../../../../contract/campaigns';
import { ComingSoon } from '../../../components/coming-soon';

interface ScheduledEmailsDialogProps {
  opened: boolean;
  /** Set when opened from a campaign's View Scheduled; otherwise all scheduled emails. */
  campaign: Campaign | null;
  onClose: () => void;
}

/** SPEC §2 "Scheduled Emails". A placeholder until the scheduled list is built. */
export function ScheduledEmailsDialog({ opened, campaign, onClose }: ScheduledEmailsDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Scheduled Emails" size="lg" centered>
      <Stack gap="md">
        {campaign && (
          <Text size="sm" c="dimmed">
            {campaign.name}
          </Text>
        )}
        <ComingSoon
          feature="Scheduled email tools"
          description="Here you will see every scheduled email, change its time, send it now or cancel it."
        />
      </Stack>
    </Modal>
  );
}
