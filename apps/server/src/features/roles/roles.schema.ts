import { pgTable, integer, text, boolean, jsonb, primaryKey } from 'drizzle-orm/pg-core';

/**
 * A role (spec section 3 "Role"): level flags, chat flags (default false) and the action, table and view
 * permission sets (arrays of names: procedure paths, table names, view names).
 */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  pgRole: text('pg_role').notNull().default('crm_default'),
  hasSystemLevelAccess: boolean('has_system_level_access').notNull().default(false),
  hasCompanyLevelAccess: boolean('has_company_level_access').notNull().default(false),
  hasBranchLevelAccess: boolean('has_branch_level_access').notNull().default(false),
  hasPayPeriodLockOverride: boolean('has_pay_period_lock_override').notNull().default(false),
  chatEnabled: boolean('chat_enabled').notNull().default(false),
  chatBroadcastEnabled: boolean('chat_broadcast_enabled').notNull().default(false),
  chatBroadcastAllEnabled: boolean('chat_broadcast_all_enabled').notNull().default(false),
  chatSendMessageEnabled: boolean('chat_send_message_enabled').notNull().default(false),
  chatDownloadAttachmentEnabled: boolean('chat_download_attachment_enabled').notNull().default(false),
  chatUploadAttachmentEnabled: boolean('chat_upload_attachment_enabled').notNull().default(false),
  chatInitiateConversationEnabled: boolean('chat_initiate_conversation_enabled').notNull().default(false),
  chatCopyAttachmentsEnabled: boolean('chat_copy_attachments_enabled').notNull().default(false),
  chatReadBranchConversationsEnabled: boolean('chat_read_branch_conversations_enabled').notNull().default(false),
  actionPermissions: jsonb('action_permissions').$type<string[]>().notNull().default([]),
  tablePermissions: jsonb('table_permissions').$type<string[]>().notNull().default([]),
  viewPermissions: jsonb('view_permissions').$type<string[]>().notNull().default([]),
});

/**
 * Which default permissions have been granted to a role once. A default added in a later release is granted
 * at the next start; one an admin removed afterwards stays removed.
 */
export const roleDefaultGrants = pgTable(
  'role_default_grants',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionSet: text('permission_set', { enum: ['actionPermissions', 'tablePermissions', 'viewPermissions'] }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionSet, t.name] })],
);
