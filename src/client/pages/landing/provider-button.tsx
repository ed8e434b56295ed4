import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import { IconBrandGmail, IconBrandWindows } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type Provider, startSignIn } from './sign-in';

interface ProviderButtonProps extends ButtonProps {
  provider: Provider;
  /** False when the server has no OAuth client for this provider; undefined while unknown. */
  configured: boolean | undefined;
  /** Accessible name; stays the same when narrow screens shorten the visible text. */
  label: string;
  children: ReactNode;
}

const icons = { google: IconBrandGmail, microsoft: IconBrandWindows };

/**
 * Starts Gmail or Outlook sign-in. An unconfigured provider stays visible but disabled, with a
 * tooltip saying why; `data-disabled` rather than `disabled` so the tooltip still gets hover events.
 */
export function ProviderButton({
  provider,
  configured,
  label,
  children,
  ...buttonProps
}: ProviderButtonProps) {
  const unavailable = configured === false;
  const Icon = icons[provider];
  return (
    <Tooltip label="Not configured on this server" disabled={!unavailable} withArrow>
      <Button
        {...buttonProps}
        leftSection={<Icon size={18} />}
        aria-label={label}
        aria-disabled={unavailable || undefined}
        data-disabled={unavailable || undefined}
        onClick={(event) => {
          if (unavailable) event.preventDefault();
          else startSignIn(provider);
        }}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
