/**
 * Every table, gathered for drizzle (queries and drizzle-kit's migrations): accounts and their
 * settings, workspaces and their members, campaigns and what they send, conversations (the
 * suppression list and what the mailbox sync reads), and the API's idempotency keys.
 */
export * from './tables/accounts';
export * from './tables/api-tokens';
export * from './tables/campaigns';
export * from './tables/conversations';
export * from './tables/figures';
export * from './tables/idempotency-keys';
export * from './tables/mailboxes';
export * from './tables/webhooks';
export * from './tables/workspaces';
