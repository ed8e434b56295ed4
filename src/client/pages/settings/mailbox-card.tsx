import { Alert, Button, Card, Group, Loader, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconMailbox, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { MailboxSyncStatus } from '../../../contract/conversations';
import { isUnauthorized } from '../../api';
import { formatDateTime, formatRelativeTime } from '../../format-date';
import { formatSyncInterval, MAILBOX_KIND_LABELS, mailboxStatusQuery } from './mailbox-sync';
import { useCheckMailbox } from './use-check-mailbox';

/**
 * Replies and bounces (docs/product.md §12): which mailbox Tailor reads, when it last did, what went
 * wrong, and "Check now". Without a mailbox or read access the server's hint says what to change.
 */
export function MailboxCard() {
  const { data, error } = useQuery(mailboxStatusQuery);
  return (
    <Card component="section" aria-labelledby="mailbox-card-title">
      <Title order={2} fz="lg" id="mailbox-card-title">
        Replies and bounces
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Tailor reads your mailbox for replies, auto-replies, bounces and unsubscribe requests sent by email.
      </Text>
      {error && !isUnauthorized(error) && (
        <Text size="sm" c="red">
          Could not load the mailbox status: {error.message}
        </Text>
      )}
      {!data && !error && <Skeleton h={96} />}
      {data && <MailboxStatus status={data} />}
    </Card>
  );
}

function MailboxStatus({ status }: { status: MailboxSyncStatus }) {
  const { mailbox, hint, intervalSeconds } = status;
  const check = useCheckMailbox();
  const now = useNow(30_000);
  const checking = check.isPending || !!mailbox?.syncing;

  return (
    <Stack gap="sm">
      {mailbox && (
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="indigo" size="lg" radius="md">
            <IconMailbox size={20} aria-hidden />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{MAILBOX_KIND_LABELS[mailbox.kind]}</Text>
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {mailbox.address}
            </Text>
          </div>
        </Group>
      )}
      {mailbox?.canRead && (
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <div>
            <Text size="sm" aria-live="polite">
              {checking ? (
                <Group component="span" gap={6}>
                  <Loader size={12} aria-hidden />
                  Checking…
                </Group>
              ) : mailbox.lastSyncedAt ? (
                <>
                  Last checked:{' '}
                  <time dateTime={mailbox.lastSyncedAt} title={formatDateTime(mailbox.lastSyncedAt)}>
                    {formatRelativeTime(mailbox.lastSyncedAt, now)}
                  </time>
                </>
              ) : (
                'Not checked yet'
              )}
            </Text>
            <Text size="xs" c="dimmed">
              {formatSyncInterval(intervalSeconds)}
            </Text>
          </div>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            loading={check.isPending}
            onClick={() => check.mutate()}
          >
            Check now
          </Button>
        </Group>
      )}
      {mailbox?.lastError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="The last check failed"
        >
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {mailbox.lastError}
          </Text>
          {mailbox.lastErrorAt && (
            <Text size="xs" c="dimmed" mt={4}>
              <time dateTime={mailbox.lastErrorAt}>{formatDateTime(mailbox.lastErrorAt)}</time>
            </Text>
          )}
        </Alert>
      )}
      {hint && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          title={mailbox ? 'Tailor may not read this mailbox' : 'No mailbox to read'}
        >
          <Text size="sm">{hint}</Text>
        </Alert>
      )}
    </Stack>
  );
}

/** The time now, renewed every `ms`, so "5 minutes ago" keeps telling the truth while the page is open. */
function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
