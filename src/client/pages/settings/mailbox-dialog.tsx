import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../contract/api';
import { MAILBOX_DAILY_LIMIT_MAX } from '../../../contract/email-rules';
import type { Mailbox } from '../../../contract/mailboxes';
import { call, errorDetail } from '../../api';
import { SendWindowFields } from '../../components/send-window-fields';
import { showToast } from '../../toast';
import { LoginFields } from './login-fields';
import {
  createBodyOf,
  type DraftField,
  draftOfMailbox,
  draftProblems,
  type MailboxDraft,
  newMailboxDraft,
  testsLogin,
  updateBodyOf,
} from './mailbox-draft';
import { refreshMailboxQueries } from './mailboxes';

interface MailboxDialogProps {
  /** null adds a mailbox with its own SMTP server. */
  mailbox: Mailbox | null;
  onClose: () => void;
}

/**
 * Add or edit a mailbox (docs/decisions 0015). The server logs in to SMTP and IMAP before it saves,
 * so a refused login comes back as its own words in the form, with everything typed kept to fix.
 */
export function MailboxDialog({ mailbox, onClose }: MailboxDialogProps) {
  const [draft, setDraft] = useState<MailboxDraft>(() =>
    mailbox ? draftOfMailbox(mailbox) : newMailboxDraft(),
  );
  // Field problems show once the person has tried to save, not while they type the first time.
  const [tried, setTried] = useState(false);
  const queryClient = useQueryClient();
  const kind = mailbox?.kind ?? 'smtp';
  const editing = mailbox !== null;
  const problems = draftProblems(draft, {
    kind,
    needsSmtpPassword: !editing,
    // Turning IMAP on for a mailbox that had none: there is no saved IMAP password to keep.
    needsImapPassword: !editing || mailbox?.imap === null,
  });
  const save = useMutation({
    mutationFn: () =>
      mailbox
        ? call(api.mailboxes.update, { params: { id: mailbox.id }, body: updateBodyOf(draft, mailbox) })
        : call(api.mailboxes.create, { body: createBodyOf(draft) }),
    onSuccess: (saved) => {
      void refreshMailboxQueries(queryClient);
      showToast({ title: editing ? 'Mailbox saved' : `${saved.address} added`, tone: 'success' });
      onClose();
    },
  });
  // The refusal shows below a long form: bring it into view, so the answer is seen where it came.
  const refusal = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (save.error) refusal.current?.scrollIntoView({ block: 'nearest' });
  }, [save.error]);
  const testing = save.isPending && (!mailbox || testsLogin(updateBodyOf(draft, mailbox)));
  const set = (patch: Partial<MailboxDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const shown = (field: DraftField) => (tried ? problems[field] : undefined);

  const submit = () => {
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    save.mutate();
  };

  return (
    <Modal
      opened
      onClose={() => !save.isPending && onClose()}
      title={editing ? `Edit ${mailbox.address}` : 'Add a mailbox'}
      size="lg"
      closeOnClickOutside={false}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {kind === 'smtp' && (
            <TextInput
              label="From address"
              type="email"
              placeholder="you@example.com"
              value={draft.address}
              onChange={(event) => set({ address: event.currentTarget.value })}
              error={shown('address')}
              withAsterisk
              data-autofocus
            />
          )}
          <TextInput
            label="From name"
            description="Empty: your name from Sender Information"
            value={draft.displayName}
            onChange={(event) => set({ displayName: event.currentTarget.value })}
          />
          {kind === 'smtp' && (
            <ServerSections
              draft={draft}
              set={set}
              keepsPassword={{ smtp: editing, imap: !!mailbox?.imap }}
              shown={shown}
            />
          )}
          <TextInput
            label="Daily limit"
            description={`Emails a day from this mailbox, 1 to ${MAILBOX_DAILY_LIMIT_MAX}. Empty: Tailor's limit.`}
            placeholder="500"
            inputMode="numeric"
            value={draft.dailyLimit}
            onChange={(event) => set({ dailyLimit: event.currentTarget.value })}
            error={shown('dailyLimit')}
            w={260}
          />
          <Switch
            label="Send only at set hours"
            description="Off: this mailbox sends whenever its campaigns do."
            checked={draft.hoursOn}
            onChange={(event) => set({ hoursOn: event.currentTarget.checked })}
          />
          {draft.hoursOn && (
            <SendWindowFields
              title="Sending hours"
              description="Emails leave this mailbox only on these days and between these times, in your time zone; outside them they wait for the next opening, and follow-ups keep to their campaign's window too."
              window={draft.hours}
              onChange={(patch) => set({ hours: { ...draft.hours, ...patch } })}
            />
          )}
          {save.error && (
            <Alert ref={refusal} color="red" variant="light" role="alert" title="Not saved">
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {errorDetail(save.error, 'Could not save the mailbox. Try again.')}
              </Text>
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            {testing && (
              <Group gap={6} aria-live="polite">
                <Loader size={14} aria-hidden />
                <Text size="sm">Testing the login…</Text>
              </Group>
            )}
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save mailbox
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface ServerSectionsProps {
  draft: MailboxDraft;
  set: (patch: Partial<MailboxDraft>) => void;
  /** Editing: an empty password keeps the saved one (IMAP only when it had a login). */
  keepsPassword: { smtp: boolean; imap: boolean };
  shown: (field: DraftField) => string | undefined;
}

/** The SMTP login, and the IMAP login that reads replies and bounces (or a choice not to read them). */
function ServerSections({ draft, set, keepsPassword, shown }: ServerSectionsProps) {
  return (
    <>
      <Title order={3} fz="sm" mt="xs">
        Sending (SMTP)
      </Title>
      <LoginFields
        kind="smtp"
        login={draft.smtp}
        onChange={(smtp) => set({ smtp })}
        address={draft.address}
        withCredentials
        keepsPassword={keepsPassword.smtp}
        errors={{ host: shown('smtpHost'), port: shown('smtpPort'), password: shown('smtpPassword') }}
      />
      <Title order={3} fz="sm" mt="xs">
        Replies and bounces (IMAP)
      </Title>
      <Switch
        label="Don't read replies from this mailbox"
        description="Replies, bounces and unsubscribe requests sent to it are then not seen by Tailor."
        checked={!draft.readReplies}
        onChange={(event) => set({ readReplies: !event.currentTarget.checked })}
      />
      {draft.readReplies && (
        <>
          <LoginFields
            kind="imap"
            login={draft.imap}
            onChange={(imap) => set({ imap })}
            address={draft.address}
            withCredentials={!draft.imapSameLogin}
            keepsPassword={keepsPassword.imap}
            errors={{ host: shown('imapHost'), port: shown('imapPort'), password: shown('imapPassword') }}
          />
          <Checkbox
            label="Use the same user name and password as SMTP"
            checked={draft.imapSameLogin}
            onChange={(event) => set({ imapSameLogin: event.currentTarget.checked })}
          />
        </>
      )}
    </>
  );
}
