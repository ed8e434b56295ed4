import { z } from 'zod';

/** A route's numeric `:id`, within PostgreSQL's integer range. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Offset pages for lists that can grow. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), limit: z.number(), offset: z.number() });
