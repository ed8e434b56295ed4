import { Text, type TextProps } from '@mantine/core';

/**
 * One line of text that ends in an ellipsis when its cell is too narrow, with the whole text on
 * hover. For addresses and names in tables: broken mid-word over lines they are hard to read, and
 * a plain `title` costs a long table nothing, where a Tooltip per row would.
 */
export function TruncatedText({ text, ...props }: { text: string } & Omit<TextProps, 'truncate'>) {
  return (
    <Text size="sm" {...props} truncate="end" title={text}>
      {text}
    </Text>
  );
}
