import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';

/** Input of updateRoleActionPermissions / updateRoleTablePermissions / updateRoleViewPermissions: the whole set. */
export const ZUpdateRolePermissionsInput = z.object({
  roleId: ZId,
  permissions: z.array(zText().min(1).max(200)).max(2000),
});
export type UpdateRolePermissionsInput = z.infer<typeof ZUpdateRolePermissionsInput>;

/** A role as getRoles returns it (spec section 3 "Role"). */
export interface RoleOutput {
  id: number;
  name: string;
  pgRole: string;
  hasSystemLevelAccess: boolean;
  hasCompanyLevelAccess: boolean;
  hasBranchLevelAccess: boolean;
  hasPayPeriodLockOverride: boolean;
  chatEnabled: boolean;
  chatBroadcastEnabled: boolean;
  chatBroadcastAllEnabled: boolean;
  chatSendMessageEnabled: boolean;
  chatDownloadAttachmentEnabled: boolean;
  chatUploadAttachmentEnabled: boolean;
  chatInitiateConversationEnabled: boolean;
  chatCopyAttachmentsEnabled: boolean;
  chatReadBranchConversationsEnabled: boolean;
  actionPermissions: string[];
  tablePermissions: string[];
  viewPermissions: string[];
}
