import { Button, type ButtonProps } from '@mantine/core';
import { IconBrandGmail, IconBrandWindows } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type Provider, startSignIn } from './sign-in';

interface ProviderButtonProps extends ButtonProps {
  provider: Provider;
  /** False when the server has no OAuth client for this provider; undefined while unknown (not shown yet). */
  configured: boolean | undefined;
  /** Accessible name; stays the same when narrow screens shorten the visible text. */
  label: string;
  children: ReactNode;
}

const icons = { google: IconBrandGmail, microsoft: IconBrandWindows };

/**
 * Starts Gmail or Outlook sign-in. Only a provider the server has a client for is offered (once the
 * public config says so): a button that can only fail is worse than none, and the landing page says
 * what to set instead.
 */
export function ProviderButton({
  provider,
  configured,
  label,
  children,
  ...buttonProps
}: ProviderButtonProps) {
  if (configured !== true) return null;
  const Icon = icons[provider];
  return (
    <Button
      {...buttonProps}
      leftSection={<Icon size={18} />}
      aria-label={label}
      onClick={() => startSignIn(provider)}
    >
      {children}
    </Button>
  );
}
