/** Queues a sync of one mailbox now ("Check now"); false when one was already waiting. */
export type MailboxSyncQueue = { syncNow(key: string): Promise<boolean> };
