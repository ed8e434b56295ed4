import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api } from '../../../contract/api';
import type { DnsCheckResult } from '../../../contract/settings';
import { ApiError, call, errorDetail } from '../../api';
import { formatDateTime, formatTime } from '../../format-date';
import { showToast } from '../../toast';
import { DnsRow } from './dns-record-row';
import { senderSettingsQuery } from './use-save-sender-settings';

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
  /** Undefined lets the server choose: the sender address's domain, else MAIL_DOMAIN. */
  domain: string | undefined;
  /** Only a check the user asked for reports failure with a toast; the automatic one shows it inline. */
  manual: boolean;
}

/**
 * SPF, DKIM and DMARC for the domain mail is sent from (docs/product.md §9): checked on arrival for
 * the server's choice of domain, then for whatever domain the user enters, on Refresh DNS.
 */
export function DnsCheck({ email }: { email: string | null }) {
  const [domain, setDomain] = useState('');
  // Kept apart from the mutation, whose data empties when the next check starts: results stay, dimmed.
  const [result, setResult] = useState<DnsCheckResult | null>(null);
  const check = useMutation({
    mutationFn: ({ domain }: CheckRequest) => call(api.settings.checkDns, { body: { domain } }),
    onSuccess: (checked) => {
      setResult(checked);
      // The field shows the domain checked, unless the user has started typing another.
      setDomain((typed) => (typed.trim() ? typed : checked.domain));
    },
    onError: (error, request) => {
      if (request.manual && !isBadDomain(error))
        showToast({ title: 'Error', message: 'Failed to check DNS records', tone: 'error' });
    },
  });

  // The server says which domain it would check; with none (you@localhost, no MAIL_DOMAIN) there is
  // nothing to check on arrival, and the hint above asks the user for a domain instead.
  const { data: settings } = useQuery(senderSettingsQuery);
  const dnsDomain = settings?.dnsDomain;
  const checkedOnArrival = useRef(false);
  const { mutate } = check;
  useEffect(() => {
    // Once, also under StrictMode's double effects.
    if (checkedOnArrival.current || !dnsDomain) return;
    checkedOnArrival.current = true;
    mutate({ domain: undefined, manual: false });
  }, [mutate, dnsDomain]);

  const refresh = (event: FormEvent) => {
    event.preventDefault();
    check.mutate({ domain: domain.trim() || undefined, manual: true });
  };

  const badDomain = check.isError && isBadDomain(check.error);
  return (
    <Stack gap="sm">
      <div>
        <Text fw={600}>Email Authentication (DNS)</Text>
        <Text size="sm" c="dimmed">
          {result || dnsDomain !== null
            ? 'Whether receivers can trust mail from your domain.'
            : `${email ? `Your address ${email} has no internet domain: enter` : 'Enter'} the domain you send from, such as example.com, and press Refresh DNS.`}
        </Text>
      </div>
      <form onSubmit={refresh} noValidate>
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            label="Domain"
            placeholder="example.com"
            value={domain}
            onChange={(event) => setDomain(event.currentTarget.value)}
            error={badDomain ? errorDetail(check.error, 'Invalid domain') : undefined}
            flex={1}
            autoComplete="off"
            spellCheck={false}
          />
          <Button
            type="submit"
            variant="default"
            mt={25}
            leftSection={<IconRefresh size={14} />}
            loading={check.isPending}
          >
            Refresh DNS
          </Button>
        </Group>
      </form>
      {result && (
        <Text size="xs" c="dimmed">
          Records for {result.domain} ·{' '}
          <time dateTime={result.checkedAt} title={formatDateTime(result.checkedAt)}>
            Checked at {formatTime(result.checkedAt)}
          </time>
        </Text>
      )}
      {check.isError && !badDomain && (
        <Text size="sm" c="red">
          Failed to check DNS records: {errorDetail(check.error, check.error.message)}
        </Text>
      )}
      {/* Earlier results stay in view, dimmed, while a new check runs. */}
      <Stack
        gap="sm"
        aria-busy={check.isPending}
        style={{ opacity: check.isPending ? 0.5 : 1, transition: 'opacity 150ms ease' }}
      >
        {RECORDS.map((record) => (
          <DnsRow
            key={record.key}
            label={record.label}
            help={record.help}
            passed={result?.[record.key]}
            verdict={result?.checks[record.key]}
            records={result?.details[record.records]}
          />
        ))}
      </Stack>
    </Stack>
  );
}

/** The server refused the domain itself (400): said beside the field, not as a failed lookup. */
const isBadDomain = (error: unknown) => error instanceof ApiError && error.status === 400;
