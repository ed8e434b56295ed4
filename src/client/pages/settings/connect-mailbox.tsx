import { Alert, Button, CloseButton, Group, Text } from '@mantine/core';
import { IconBrandGoogle, IconBrandWindows } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../../contract/api';
import { urlOf } from '../../../contract/route';
import { usePublicConfig } from '../../session/use-public-config';

type Provider = 'google' | 'microsoft';

/** Where the browser goes to connect (or reconnect) a Google or Microsoft account as a mailbox. */
export const connectHref = (provider: Provider) =>
  urlOf(api.mailboxes.connect, { params: { provider: provider === 'google' ? 'google' : 'outlook' } });

/** "Connect Gmail" / "Connect Outlook", for the providers this deployment lets people sign in with. */
/** The accounts a person can connect, offered only for the providers the deployment signs in with. */
const CONNECTS = [
  { provider: 'google', label: 'Connect Gmail', Icon: IconBrandGoogle },
  { provider: 'microsoft', label: 'Connect Outlook', Icon: IconBrandWindows },
] as const;

export function ConnectMailboxButtons() {
  const { data } = usePublicConfig();
  if (!data) return null;
  const offered = CONNECTS.filter((c) => data.signIn[c.provider]);
  return (
    <>
      {offered.map(({ provider, label, Icon }) => (
        <Button
          key={provider}
          component="a"
          href={connectHref(provider)}
          size="xs"
          variant="default"
          leftSection={<Icon size={14} />}
        >
          {label}
        </Button>
      ))}
    </>
  );
}

/** How a connect ended, as the server's redirect back to Settings says (`?connect=…&address=…`). */
function noticeText(notice: string, address: string): { ok: boolean; text: string } {
  const it = address || 'The account';
  switch (notice) {
    case 'connected':
      return { ok: true, text: `${it} is connected. Campaigns can now send from it.` };
    case 'reconnected':
      return { ok: true, text: `${it} is connected again. Emails that waited for it are on their way.` };
    case 'taken':
      return {
        ok: false,
        text: `${it} already belongs to another person's Tailor account, so it was not added: a mailbox belongs to one person.`,
      };
    case 'no-send':
      return {
        ok: false,
        text: `${it} was not added: sending needs the permission to send email for it. Connect it again and allow sending when asked.`,
      };
    case 'no-address':
      return { ok: false, text: 'The account was not added: the provider did not tell its email address.' };
    case 'denied':
      return { ok: false, text: 'The connection was cancelled at the provider, so no mailbox was added.' };
    case 'signed-out':
      return {
        ok: false,
        text: 'No mailbox was added: you were signed out, or signed in as someone else, while connecting. Try again.',
      };
    default:
      return {
        ok: false,
        text: 'The mailbox could not be connected (the request expired or was refused). Try again.',
      };
  }
}

/**
 * The outcome of a connect, read once from the address the server sent the browser back to; the
 * query is then dropped from the address bar, so a reload does not say it again.
 */
export function ConnectNotice() {
  const [shown, setShown] = useState(() => {
    const query = new URLSearchParams(window.location.search);
    const notice = query.get('connect');
    if (!notice) return null;
    query.delete('connect');
    const address = query.get('address') ?? '';
    query.delete('address');
    const rest = query.toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${rest ? `?${rest}` : ''}`,
    );
    return noticeText(notice, address);
  });
  if (!shown) return null;
  return (
    <Alert color={shown.ok ? 'green' : 'orange'} variant="light" mb="md" role={shown.ok ? 'status' : 'alert'}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {shown.text}
        </Text>
        <CloseButton size="sm" aria-label="Dismiss" onClick={() => setShown(null)} />
      </Group>
    </Alert>
  );
}
