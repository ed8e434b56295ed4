import { Alert, Anchor, Badge, Box, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconPaperclip, IconPhotoOff } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AnswerMessage, InboxItem } from '../../../contract/inbox';
import { ApiError, errorDetail, isUnauthorized } from '../../api';
import { mailboxLinkOf } from '../../components/inbound-link';
import { formatDateTime } from '../../format-date';
import { HeaderList, WRAP } from './header-list';
import { answerMessageQuery } from './inbox-queries';
import { formatSize, messageDocument, messageFrameHeight } from './message-frame';

/**
 * The whole of an answer (docs/product.md §16), read from its mailbox when the answer is opened:
 * who it was from and to, its body and the names of its attachments. The body's HTML (sanitised
 * on the server) shows in a sandboxed frame, its remote images left out until the person asks.
 * Give it `key={item.id}`: the choice to show images belongs to one answer.
 */
export function InboxMessage({ item }: { item: Pick<InboxItem, 'id' | 'link'> }) {
  const [images, setImages] = useState(false);
  // While the images load, the message stays as it was rather than flashing back to a skeleton.
  const query = useQuery({ ...answerMessageQuery(item.id, images), placeholderData: keepPreviousData });
  const heading = useId();
  const { data, error } = query;
  const kept = data?.source === 'kept';
  return (
    <Stack gap="xs" component="section" aria-labelledby={heading}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Title order={2} fz="sm" id={heading}>
          The whole message
        </Title>
        {kept && (
          <Badge
            variant="outline"
            color="gray"
            radius="sm"
            title="Read from the copy this workspace keeps of answers it has read, not from the mailbox"
          >
            Kept copy
          </Badge>
        )}
      </Group>
      {error && !isUnauthorized(error) ? (
        <MessageError error={error} link={item.link} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Stack gap={6} role="status" aria-label="Loading the message">
          <Skeleton h={12} w="60%" />
          <Skeleton h={12} w="45%" />
          <Skeleton h={140} mt={4} />
        </Stack>
      ) : (
        <>
          <Headers message={data} />
          {data.blockedImages > 0 && (
            <Alert color="yellow" variant="light" p="xs" icon={<IconPhotoOff size={16} />}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" style={{ flex: '1 1 16rem' }}>
                  {data.blockedImages === 1
                    ? '1 remote image blocked'
                    : `${data.blockedImages} remote images blocked`}{' '}
                  to protect your privacy — loading them tells the sender you opened the message.
                </Text>
                <Button
                  size="xs"
                  variant="default"
                  loading={images && query.isPlaceholderData}
                  onClick={() => setImages(true)}
                >
                  Show images
                </Button>
              </Group>
            </Alert>
          )}
          <Body message={data} images={images && !query.isPlaceholderData} />
          {data.attachments.length > 0 && <Attachments attachments={data.attachments} />}
        </>
      )}
    </Stack>
  );
}

/** From, To, Cc and the date, as the message itself gives them. */
function Headers({ message }: { message: AnswerMessage }) {
  const { name, address } = message.from;
  const from = name && address ? `${name} <${address}>` : (name ?? address ?? 'Unknown sender');
  const rows: [string, string][] = [['From', from]];
  if (message.to.length > 0) rows.push(['To', message.to.join(', ')]);
  if (message.cc.length > 0) rows.push(['Cc', message.cc.join(', ')]);
  if (message.date) rows.push(['Date', formatDateTime(message.date)]);
  return <HeaderList rows={rows} />;
}

function Body({ message, images }: { message: AnswerMessage; images: boolean }) {
  if (message.html !== null)
    return (
      <Box
        component="iframe"
        title="Message body"
        // No scripts, no same origin, no forms: the frame only shows the message. Its links (the
        // server gives each target=_blank and rel=noopener) open in a new tab of their own, outside
        // the sandbox, as a link in a mail program does.
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        srcDoc={messageDocument(message.html, images)}
        w="100%"
        h={messageFrameHeight(message.html)}
        style={{
          display: 'block',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 4,
          background: 'white',
        }}
      />
    );
  if (message.text)
    return (
      <Text
        size="sm"
        p="xs"
        style={{
          ...WRAP,
          whiteSpace: 'pre-wrap',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 4,
        }}
      >
        {message.text}
      </Text>
    );
  return (
    <Text size="sm" c="dimmed">
      The message has no text.
    </Text>
  );
}

/** Listed, never served: an attachment is opened in the mailbox. */
function Attachments({ attachments }: { attachments: AnswerMessage['attachments'] }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        Attachments, kept in the mailbox:
      </Text>
      <Stack component="ul" gap={4} m={0} p={0} aria-label="Attachments" style={{ listStyle: 'none' }}>
        {attachments.map((a, i) => (
          // The same name may come twice; the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes order.
          <Group component="li" key={i} gap={6} wrap="nowrap" align="flex-start">
            <IconPaperclip size={14} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
            <Text size="sm" style={WRAP}>
              {a.filename}{' '}
              <Text span size="xs" c="dimmed">
                {a.contentType} · {formatSize(a.size)}
              </Text>
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/** What stopped the message being read, in the server's words, and the way to read it instead. */
function MessageError({ error, link, onRetry }: { error: Error; link: string | null; onRetry: () => void }) {
  const status = error instanceof ApiError ? error.status : 0;
  // 404 and 409 will not change by asking again; the mailbox being out of reach (502) may.
  const title =
    status === 404
      ? 'The message is not in the mailbox'
      : status === 409
        ? 'The message cannot be read here'
        : status === 502
          ? 'The mailbox could not be read'
          : 'Could not load the message';
  const mailbox = mailboxLinkOf(link);
  return (
    <Alert color={status === 404 || status === 409 ? 'yellow' : 'red'} title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm" style={WRAP}>
          {errorDetail(error, 'Please try again.')}
        </Text>
        {mailbox && (
          <Anchor href={mailbox.href} target="_blank" rel="noopener noreferrer" size="sm">
            {mailbox.label} <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} aria-hidden />
          </Anchor>
        )}
        {status !== 404 && status !== 409 && (
          <Button size="xs" variant="default" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
