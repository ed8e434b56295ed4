import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../contract/api';
import type { ReplyOf } from '../../../../contract/route';
import { call } from '../../../api';

export type RenderedPreview = ReplyOf<typeof api.templates.preview>;

/** Wait this long after the last keystroke before rendering on the server. */
const DEBOUNCE_MS = 300;

/**
 * The Email Template mode's live preview, rendered by the server's Liquid engine (the one campaigns
 * use), so what the user sees is what recipients get.
 */
export function useLivePreview(subject: string, body: string, recipient: Record<string, string>) {
  const request = JSON.stringify({ subjectTemplate: subject, bodyTemplate: body, recipientData: recipient });
  const [debounced] = useDebouncedValue(request, DEBOUNCE_MS);
  const empty = !subject.trim() && !body.trim();

  return useQuery({
    queryKey: ['template-preview', debounced],
    queryFn: ({ signal }) => call(api.templates.preview, { body: JSON.parse(debounced), signal }),
    enabled: !empty,
    // Keep showing the last render while the next one is on its way, instead of flashing empty.
    placeholderData: keepPreviousData,
    gcTime: 60_000,
  });
}
