import { ActionIcon, Badge, Button, Code, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../contract/api';
import type { DnsCheckVerdict } from '../../../contract/settings';
import { call } from '../../api';
import { showToast } from '../../toast';
import { senderDomain } from './sender-domain';

const RECORDS = [
  {
    key: 'spf',
    label: 'SPF',
    records: 'spfRecords',
    help: 'SPF (Sender Policy Framework) lists the mail servers allowed to send email for your domain.',
  },
  {
    key: 'dkim',
    label: 'DKIM',
    records: 'dkimRecords',
    help: 'DKIM (DomainKeys Identified Mail) signs your emails so receivers can check they really come from your domain and were not changed.',
  },
  {
    key: 'dmarc',
    label: 'DMARC',
    records: 'dmarcRecords',
    help: 'DMARC tells receiving servers what to do with email that fails SPF or DKIM, and where to send reports.',
  },
] as const;

interface CheckRequest {
  domain: string;
  /** Only a check the user asked for reports failure with a toast; the automatic one shows it inline. */
  manual: boolean;
}

/** SPF, DKIM and DMARC for the sender's domain: checked on arrival and on Refresh DNS. */
export function DnsCheck({ email }: { email: string | null }) {
  const target = senderDomain(email);
  const check = useMutation({
    mutationFn: ({ domain }: CheckRequest) => call(api.settings.checkDns, { body: { domain } }),
    onError: (_error, request) => {
      if (request.manual)
        showToast({ title: 'Error', message: 'Failed to check DNS records', tone: 'error' });
    },
  });

  const domain = target.ok ? target.domain : null;
  const checkedDomain = useRef<string | null>(null);
  const { mutate } = check;
  useEffect(() => {
    // Once per domain, also under StrictMode's double effects.
    if (!domain || checkedDomain.current === domain) return;
    checkedDomain.current = domain;
    mutate({ domain, manual: false });
  }, [domain, mutate]);

  const refresh = () => {
    if (!target.ok) showToast({ title: 'Error', message: target.error, tone: 'error' });
    else check.mutate({ domain: target.domain, manual: true });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={600}>Email Authentication (DNS)</Text>
          <Text size="sm" c="dimmed">
            {target.ok ? `Records for ${target.domain}` : target.error}
          </Text>
        </div>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          loading={check.isPending}
          onClick={refresh}
        >
          Refresh DNS
        </Button>
      </Group>
      {check.isError && (
        <Text size="sm" c="red">
          Failed to check DNS records: {check.error.message}
        </Text>
      )}
      {RECORDS.map((record) => (
        <DnsRow
          key={record.key}
          label={record.label}
          help={record.help}
          passed={check.data?.[record.key]}
          verdict={check.data?.checks[record.key]}
          records={check.data?.details[record.records]}
        />
      ))}
    </Stack>
  );
}

interface DnsRowProps {
  label: string;
  help: string;
  passed: boolean | undefined;
  verdict: DnsCheckVerdict | undefined;
  records: string[] | undefined;
}

function DnsRow({ label, help, passed, verdict, records }: DnsRowProps) {
  const status = passed === undefined ? 'Not checked' : passed ? 'Pass' : 'Fail';
  return (
    <Stack
      gap={6}
      p="sm"
      bg="var(--mantine-color-gray-0)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          {passed === undefined ? null : passed ? (
            <IconCircleCheck size={20} color="var(--mantine-color-teal-6)" aria-hidden />
          ) : (
            <IconCircleX size={20} color="var(--mantine-color-red-6)" aria-hidden />
          )}
          <Text fw={600}>{label}</Text>
          <Tooltip
            label={help}
            multiline
            w={280}
            withArrow
            events={{ hover: true, focus: true, touch: true }}
          >
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`About ${label}`}>
              <IconInfoCircle size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Badge
          variant="light"
          color={passed === undefined ? 'gray' : passed ? 'teal' : 'red'}
          aria-label={`${label}: ${status}`}
        >
          {status}
        </Badge>
      </Group>
      {/* A missing record is said below; records that exist yet fail (two SPF records…) need the reason. */}
      {verdict?.status === 'invalid' && (
        <Text size="sm" c="red">
          {verdict.reason}
        </Text>
      )}
      {records && records.length > 0 && (
        <Stack gap={4}>
          {records.map((record) => (
            <Code key={record} block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {record}
            </Code>
          ))}
        </Stack>
      )}
      {records?.length === 0 && (
        <Text size="xs" c="dimmed">
          No {label} record found.
        </Text>
      )}
    </Stack>
  );
}
