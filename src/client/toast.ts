import { notifications } from '@mantine/notifications';

export interface ToastOptions {
  title: string;
  message?: string;
  tone?: 'success' | 'error' | 'info';
}

const colors = { success: 'teal', error: 'red', info: 'blue' } as const;

/**
 * Shows one toast. docs/product.md §11 allows one on screen at a time; the newest replaces the old one
 * rather than waiting in a queue, so the message always matches what the user just did.
 */
export function showToast({ title, message, tone = 'info' }: ToastOptions) {
  notifications.clean();
  notifications.show({
    title: message ? title : undefined,
    message: message ?? title,
    color: colors[tone],
  });
}

/** The generic failure toast (docs/product.md §11): title 'Error' and the error's message. */
export function showErrorToast(error: unknown, fallback = 'Something went wrong') {
  showToast({ title: 'Error', message: error instanceof Error ? error.message : fallback, tone: 'error' });
}
