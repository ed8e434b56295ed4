import { ActionIcon, Badge, Code, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import type { DnsCheckVerdict } from '../../../contract/settings';

export interface DnsRowProps {
  label: string;
  help: string;
  passed: boolean | undefined;
  verdict: DnsCheckVerdict | undefined;
  records: string[] | undefined;
}

const STATUS_WORDS: Record<DnsCheckVerdict['status'], string> = {
  pass: 'Pass',
  missing: 'Missing',
  invalid: 'Invalid',
};

/** One of SPF, DKIM and DMARC: its verdict, why it fails, and the records found. */
export function DnsRow({ label, help, passed, verdict, records }: DnsRowProps) {
  // The verdict's own word, as docs/product.md §9 names it: pass, missing or invalid.
  const status = verdict ? STATUS_WORDS[verdict.status] : passed === undefined ? 'Not checked' : 'Pass';
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
