import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One numbered section of the terms or the privacy policy. */
export function LegalSection({
  number,
  title,
  children,
}: {
  number: number;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={6} component="section">
      <Title order={3} fz="md">
        {number}. {title}
      </Title>
      <Text size="sm" c="var(--mantine-color-gray-8)" lh={1.65} component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** The operator's contact address, as a mail link when it is one. */
export function ContactAddress({ address }: { address: string }) {
  if (!address.includes('@')) return <>{address}</>;
  return (
    <Text component="a" href={`mailto:${address}`} c="indigo" inherit td="underline">
      {address}
    </Text>
  );
}
