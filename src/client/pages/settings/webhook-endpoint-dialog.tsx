import { Button, Checkbox, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../contract/api';
import type { ReplyOf } from '../../../contract/route';
import type { WebhookEventType } from '../../../contract/webhook-events';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpointView } from '../../../contract/webhooks';
import { call, errorDetail } from '../../api';
import { bodyFieldError } from '../../field-error';
import { eventHelp } from './webhook-text';

export type WebhookSecretReply = ReplyOf<typeof api.webhooks.create>;

interface WebhookEndpointDialogProps {
  opened: boolean;
  /** The endpoint to change; absent to add one. */
  endpoint?: WebhookEndpointView | null;
  onClose: () => void;
  /** After an add: the answer holds the secret, which the card shows once. */
  onCreated?: (reply: WebhookSecretReply) => void;
  /** After a change. */
  onSaved?: () => void;
}

/** Adding or changing a webhook endpoint: its URL, a description and the event types it receives. */
export function WebhookEndpointDialog({ opened, endpoint, ...rest }: WebhookEndpointDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={rest.onClose}
      title={endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint'}
      size="lg"
      centered
    >
      {/* Mounted only while open, so every opening starts from the endpoint as it is. */}
      {opened && <EndpointForm endpoint={endpoint ?? null} {...rest} />}
    </Modal>
  );
}

function EndpointForm({
  endpoint,
  onClose,
  onCreated,
  onSaved,
}: Omit<WebhookEndpointDialogProps, 'opened' | 'endpoint'> & { endpoint: WebhookEndpointView | null }) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  // An empty list means every event type, those added later too, so "All events" is its own choice.
  const [allEvents, setAllEvents] = useState(!endpoint || endpoint.eventTypes.length === 0);
  const [types, setTypes] = useState<WebhookEventType[]>(endpoint?.eventTypes ?? []);
  const save = useMutation({
    mutationFn: async () => {
      const body = { url: url.trim(), description, eventTypes: allEvents ? [] : types };
      if (!endpoint) return call(api.webhooks.create, { body });
      await call(api.webhooks.update, { params: { id: endpoint.id }, body });
      return null;
    },
    onSuccess: (reply) => {
      if (reply) onCreated?.(reply);
      else onSaved?.();
      onClose();
    },
  });
  // A field's error is about what was sent: it goes once the field changes.
  const edited = () => {
    if (save.error) save.reset();
  };

  const urlError = bodyFieldError(save.error, 'url');
  const descriptionError = bodyFieldError(save.error, 'description');
  const typesError =
    bodyFieldError(save.error, 'eventTypes') ??
    (!allEvents && types.length === 0 ? 'Choose at least one event type, or All events' : null);
  const otherError =
    save.error && !urlError && !descriptionError && !bodyFieldError(save.error, 'eventTypes')
      ? errorDetail(save.error, 'Could not save the endpoint')
      : null;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="md">
        <TextInput
          label="URL"
          description="Where Tailor POSTs each event: an http:// or https:// address."
          placeholder="https://example.com/webhooks/tailor"
          value={url}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            edited();
          }}
          error={urlError}
          required
          maxLength={2000}
          data-autofocus
        />
        <TextInput
          label="Description (optional)"
          description="What receives them, e.g. CRM sync"
          value={description}
          onChange={(event) => {
            setDescription(event.currentTarget.value);
            edited();
          }}
          error={descriptionError}
          maxLength={200}
        />
        <Stack gap={6}>
          <Checkbox
            label="All events"
            description="Every event type, also ones Tailor adds later"
            checked={allEvents}
            onChange={(event) => {
              setAllEvents(event.currentTarget.checked);
              if (event.currentTarget.checked) setTypes([]);
              edited();
            }}
          />
          <Checkbox.Group
            label="Or only these"
            value={allEvents ? [] : types}
            onChange={(value) => {
              setTypes(value as WebhookEventType[]);
              setAllEvents(false);
              edited();
            }}
            error={typesError}
          >
            <Stack gap={6} mt={6}>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={<Code>{type}</Code>} description={eventHelp(type)} />
              ))}
            </Stack>
          </Checkbox.Group>
        </Stack>
        {otherError && (
          <Text size="sm" c="red" role="alert">
            {otherError}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!url.trim() || typesError !== null}>
            {endpoint ? 'Save' : 'Add endpoint'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
