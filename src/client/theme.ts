import { createTheme, Modal, Notification } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 6 gives white button text and links only 4.3:1; 7 clears WCAG AA's 4.5:1.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  // People who ask their system for less motion get dialogs and menus without slide and fade.
  respectReducedMotion: true,
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    // Mantine's close button is an unlabelled icon; screen readers (and tests) need its name.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // Toasts: the same for their close button; their description is gray 6 (3.3:1) unless told otherwise.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
  },
});
