import { Alert, Button, Checkbox, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../contract/api';
import { API_TOKEN_SCOPES, type ApiTokenScope, type CreatedApiToken } from '../../../contract/api-tokens';
import { call, errorDetail } from '../../api';

/** What each scope lets a token do, in the words the dialog shows. */
export const SCOPE_HELP: Record<ApiTokenScope, string> = {
  read: 'Read: campaigns, emails, templates and figures',
  write: 'Write: make and change templates, campaigns and drafts, without sending',
  send: 'Send: send and schedule emails',
};

/**
 * Making an API token: a name, its scopes and an optional expiry; then its secret, once, with a
 * copy button. Closing the dialog forgets the secret: nothing can show it again.
 */
export function ApiTokenDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['read']);
  const [expiresOn, setExpiresOn] = useState('');
  const [made, setMade] = useState<CreatedApiToken | null>(null);
  const create = useMutation({
    mutationFn: () =>
      call(api.apiTokens.create, {
        body: {
          name,
          scopes,
          // The end of the chosen day in the browser's zone: the token works all that day.
          expiresAt: expiresOn ? new Date(`${expiresOn}T23:59:59`).toISOString() : null,
        },
      }),
    onSuccess: (token) => {
      setMade(token);
      onCreated();
    },
  });
  const close = () => {
    setMade(null);
    setName('');
    setScopes(['read']);
    setExpiresOn('');
    create.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={made ? 'Your new API token' : 'New API token'} centered>
      {made ? (
        <Stack gap="md">
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Copy it now">
            You will not see this token again. Tailor keeps only a fingerprint of it; if you lose it, revoke
            it and make a new one.
          </Alert>
          <Group gap="xs" wrap="nowrap">
            <TextInput aria-label="API token" value={made.secret} readOnly flex={1} ff="monospace" />
            <CopyButton value={made.secret}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy token'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            Send it as <code>Authorization: Bearer {made.prefix}…</code>. It acts as you, never beyond your
            role in this workspace.
          </Text>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate();
          }}
        >
          <Stack gap="md">
            <TextInput
              label="Name"
              description="What uses it, e.g. CRM sync"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              required
              maxLength={100}
            />
            <Checkbox.Group
              label="Scopes"
              value={scopes}
              onChange={(value) => setScopes(value as ApiTokenScope[])}
              error={scopes.length === 0 ? 'Choose at least one scope' : undefined}
            >
              <Stack gap={6} mt={6}>
                {API_TOKEN_SCOPES.map((scope) => (
                  <Checkbox key={scope} value={scope} label={SCOPE_HELP[scope]} />
                ))}
              </Stack>
            </Checkbox.Group>
            <TextInput
              type="date"
              label="Expires on (optional)"
              description="Without a date it works until revoked."
              value={expiresOn}
              onChange={(event) => setExpiresOn(event.currentTarget.value)}
            />
            {create.error && (
              <Text size="sm" c="red" role="alert">
                {errorDetail(create.error, 'Could not make the token')}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending} disabled={!name.trim() || scopes.length === 0}>
                Make token
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
