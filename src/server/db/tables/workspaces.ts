import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../contract/workspaces';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';

/**
 * A workspace's id. Branded so a user id can never be passed where a workspace is meant: every
 * query that scopes rows to a workspace takes this type, and only a membership check makes one.
 */
export type WorkspaceId = number & { readonly __workspace: unique symbol };

/**
 * What a team shares: templates, campaigns and their emails, the suppression list and the company
 * settings. Everyone starts with a personal one (made at first sign-in).
 */
export const workspaces = pgTable('workspaces', {
  id: integer('id').$type<WorkspaceId>().primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  /** An email counts as approved only when someone other than its writer or last editor approved it. */
  fourEyes: boolean('four_eyes').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Who belongs to a workspace, and as what; read on every request, so removal takes effect at once. */
export const memberships = pgTable(
  'memberships',
  {
    workspaceId: integer('workspace_id')
      .$type<WorkspaceId>()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);
