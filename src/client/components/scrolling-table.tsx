import { Group, Text } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import classes from './scrolling-table.module.css';

interface ScrollingTableProps {
  /** Below this width the table scrolls sideways rather than squeezing its columns. */
  minWidth: number;
  /** Names the scrolling region for screen readers (and keyboard users, who can focus it). */
  label: string;
  children: ReactNode;
}

/**
 * A table that scrolls sideways when its card is narrower than it, and shows that it does: a line
 * saying so above it and a shadow on each side with more to see (phones hide scrollbars until
 * touched, so without them the cut-off columns looked like the end of the table).
 */
export function ScrollingTable({ minWidth, label, children }: ScrollingTableProps) {
  const scroller = useRef<HTMLElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
  }, []);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  const scrolls = more.left || more.right;

  return (
    <div>
      {scrolls && (
        <Group gap={6} mb={6} wrap="nowrap" data-testid="scroll-hint">
          <IconArrowsHorizontal size={14} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="xs" c="dimmed">
            Scroll sideways to see every column
          </Text>
        </Group>
      )}
      <div className={classes.frame} data-more-left={more.left} data-more-right={more.right}>
        {/* Focusable only when it scrolls, so the arrow keys can move it. */}
        <section
          ref={scroller}
          className={classes.scroller}
          onScroll={measure}
          aria-label={label}
          tabIndex={scrolls ? 0 : undefined}
        >
          <div style={{ minWidth }}>{children}</div>
        </section>
      </div>
    </div>
  );
}
