/**
 * What the mailbox sync records (docs/product.md §12): the kinds of inbound message that refer to
 * a sent email, how an address came onto the suppression list, and how hard a bounce was.
 */
export const INBOUND_KINDS = ['reply', 'auto-reply', 'bounce', 'unsubscribe-request'] as const;
export type InboundKind = (typeof INBOUND_KINDS)[number];

/** Hard: the address does not work (suppressed). Soft: it may work later (shown, not suppressed). */
export const BOUNCE_KINDS = ['hard', 'soft'] as const;
export type BounceKind = (typeof BOUNCE_KINDS)[number];

/**
 * Why an address is on the suppression list: the unsubscribe link or one-click unsubscribe, an
 * emailed request, or a hard bounce. Only the first two count as unsubscribes in the figures.
 */
export const SUPPRESSION_REASONS = ['link', 'email request', 'bounced'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
