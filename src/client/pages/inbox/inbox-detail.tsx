import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMail, IconMailOpened } from '@tabler/icons-react';
import { useState } from 'react';
import type { InboxItem } from '../../../contract/inbox';
import { CategoryBadge } from '../../components/category-badge';
import { InboundMessage } from '../../components/inbound-message';
import { formatDateTime } from '../../format-date';
import { AnswerSection } from './answer-section';
import { AssigneeControl } from './assignee-control';
import { CategoryControl } from './category-control';
import { ColleagueOffer, colleagueToOffer } from './colleague-offer';
import { WRAP } from './header-list';
import { InboxMessage } from './inbox-message';
import type { AnswerDrafts } from './use-answer-drafts';
import type { InboxActions } from './use-inbox-actions';

interface InboxDetailProps {
  item: InboxItem;
  /** The answer has left the list (a change took it out of the filter) and stays until the person moves on. */
  held: boolean;
  /** Reviewers and above set categories and assignees; a viewer reads them. Undefined while unknown. */
  canEdit: boolean | undefined;
  /** Senders and owners answer replies; undefined while unknown. */
  canSend: boolean | undefined;
  actions: InboxActions;
  /** The answers being written on the page, this one's among them. */
  drafts: AnswerDrafts;
}

/**
 * One answer in full (docs/product.md §16): the message as the mailbox sync kept it (the whole
 * snippet, a bounce's status, the link to the conversation in Gmail or Outlook), the whole message
 * read from the mailbox, where it belongs, and what a person decides about it: read or not, its
 * category, who answers it. Then the conversation with the recipient and the answer to write.
 */
export function InboxDetail({ item, held, canEdit, canSend, actions, drafts }: InboxDetailProps) {
  const unread = item.readAt === null;
  const pendingRead = actions.setRead.isPending;
  // The answers whose colleague was added from this page: the offer gives way to "Added".
  const [added, setAdded] = useState<ReadonlySet<number>>(() => new Set());
  const colleague = colleagueToOffer(item);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <CategoryBadge item={item} />
        <Button
          variant="default"
          size="xs"
          leftSection={unread ? <IconMailOpened size={14} /> : <IconMail size={14} />}
          loading={pendingRead}
          onClick={() => actions.setRead.mutate({ id: item.id, read: unread })}
        >
          {unread ? 'Mark read' : 'Mark unread'}
        </Button>
      </Group>
      {held && (
        <Alert color="gray" variant="light" p="xs">
          No longer in this list: it stays here until you move on.
        </Alert>
      )}
      <InboundMessage message={item} recipientEmail={item.recipientEmail ?? undefined} showCategory={false} />
      {/* Keyed: another answer starts with its images blocked again. */}
      <InboxMessage key={item.id} item={item} />
      {colleague ? (
        <ColleagueOffer
          key={`colleague:${item.id}`}
          item={item}
          colleague={colleague}
          canSend={canSend}
          added={added.has(item.id)}
          onAdded={() => setAdded((ids) => new Set(ids).add(item.id))}
        />
      ) : (
        item.kind !== 'left-company' &&
        item.colleague &&
        (item.colleague.name || item.colleague.address) && (
          <Text size="sm" style={WRAP}>
            Names someone else to write to:{' '}
            <Text span fw={600}>
              {item.colleague.name ?? item.colleague.address}
            </Text>
            {item.colleague.name && item.colleague.address && <> ({item.colleague.address})</>}
          </Text>
        )
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
        <Fact label="Campaign" value={item.campaign?.name ?? 'None'} />
        <Fact label="Mailbox" value={mailboxName(item.mailbox)} />
        {!canEdit && <Fact label="Assigned to" value={item.assignee?.name ?? 'Nobody'} />}
        <Fact label="Read" value={item.readAt ? formatDateTime(item.readAt) : 'Not yet'} />
      </SimpleGrid>
      {canEdit === false && (
        <Text size="xs" c="dimmed">
          As a viewer you read answers; reviewers and above set their category and who answers them.
        </Text>
      )}
      {canEdit && (
        <Stack gap="sm">
          <CategoryControl
            item={item}
            pending={actions.setCategory.isPending}
            onChange={(change) => actions.setCategory.mutate(change)}
          />
          <AssigneeControl
            item={item}
            pending={actions.setAssignee.isPending}
            onChange={(userId) => actions.setAssignee.mutate({ id: item.id, userId })}
          />
        </Stack>
      )}
      <AnswerSection key={`answer:${item.id}`} item={item} canSend={canSend} drafts={drafts} />
    </Stack>
  );
}

/** Null is the deployment's IMAP mailbox (IMAP_URL), where local users' answers arrive. */
const mailboxName = (mailbox: InboxItem['mailbox']) =>
  mailbox ? (mailbox.address ?? `Mailbox ${mailbox.id}`) : "The deployment's shared mailbox";

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={WRAP}>
        {value}
      </Text>
    </div>
  );
}
