import { Group, NativeSelect, PasswordInput, TextInput } from '@mantine/core';
import { type LoginDraft, type SecurityMode, withSecurity } from './mailbox-draft';

const SECURITY_LABELS: Record<'smtp' | 'imap', { value: SecurityMode; label: string }[]> = {
  smtp: [
    { value: 'starttls', label: 'STARTTLS (587)' },
    { value: 'tls', label: 'TLS (465)' },
    { value: 'none', label: 'None – only for a server on this machine' },
  ],
  imap: [
    { value: 'tls', label: 'TLS (993)' },
    { value: 'starttls', label: 'STARTTLS (143)' },
    { value: 'none', label: 'None – only for a server on this machine' },
  ],
};

interface LoginFieldsProps {
  kind: 'smtp' | 'imap';
  login: LoginDraft;
  onChange: (login: LoginDraft) => void;
  /** The From address, offered as the user name. */
  address: string;
  /** false: the user name and password are SMTP's, so only the server fields show. */
  withCredentials: boolean;
  /** Editing: an empty password keeps the saved one. */
  keepsPassword: boolean;
  errors: { host?: string; port?: string; password?: string };
}

/**
 * One server's login: host, port, protection, user name and password. Labels name the protocol
 * ("SMTP server", "IMAP port"), so each field has a name of its own for assistive technology.
 */
export function LoginFields({
  kind,
  login,
  onChange,
  address,
  withCredentials,
  keepsPassword,
  errors,
}: LoginFieldsProps) {
  const name = kind.toUpperCase();
  const set = (patch: Partial<LoginDraft>) => onChange({ ...login, ...patch });
  return (
    <>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={`${name} server`}
          placeholder={kind === 'smtp' ? 'smtp.example.com' : 'imap.example.com'}
          value={login.host}
          onChange={(event) => set({ host: event.currentTarget.value })}
          error={errors.host}
          autoComplete="off"
          withAsterisk
          flex={1}
          miw={200}
        />
        <TextInput
          label={`${name} port`}
          inputMode="numeric"
          value={login.port}
          onChange={(event) => set({ port: event.currentTarget.value })}
          error={errors.port}
          w={100}
        />
      </Group>
      <NativeSelect
        label={`${name} security`}
        data={SECURITY_LABELS[kind]}
        value={login.security}
        onChange={(event) => onChange(withSecurity(login, kind, event.currentTarget.value as SecurityMode))}
      />
      {withCredentials && (
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={`${name} user name`}
            placeholder={address.trim() || 'The From address'}
            description="Empty: the From address"
            value={login.user}
            onChange={(event) => set({ user: event.currentTarget.value })}
            autoComplete="off"
            flex={1}
            miw={200}
          />
          <PasswordInput
            label={`${name} password`}
            description={keepsPassword ? 'Empty: keep the saved password' : 'Used only to send and read mail'}
            value={login.password}
            onChange={(event) => set({ password: event.currentTarget.value })}
            error={errors.password}
            // Not the person's Tailor password: browsers should neither fill nor offer to save it.
            autoComplete="new-password"
            withAsterisk={!keepsPassword}
            flex={1}
            miw={200}
          />
        </Group>
      )}
    </>
  );
}
