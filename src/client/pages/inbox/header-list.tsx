import { Box, Text } from '@mantine/core';

/** Long addresses and subjects break anywhere rather than widen the pane. */
export const WRAP = { overflowWrap: 'anywhere' } as const;

/** A message's header lines (From, To, Subject…) as a two-column definition list. */
export function HeaderList({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <Box
      component="dl"
      m={0}
      style={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 12, rowGap: 2 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} style={{ display: 'contents' }}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={WRAP}>
            {value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
