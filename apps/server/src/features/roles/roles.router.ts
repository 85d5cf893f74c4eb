import { z } from 'zod';
import {
  ZPermissionCatalogOutput,
  ZRoleOutput,
  ZUpdateRoleChatFlagsInput,
  ZUpdateRolePermissionsInput,
} from '@hearth/shared/roles/roles.schema';
import { permissionProcedure, router } from '../../trpc/init';
import { actionCatalog } from '../../trpc/action-catalog';
import { TABLE_NAMES } from './roles.permissions';
import { viewNames } from '../views/views.catalog';
import * as service from './roles.service';

/** The role procedures (spec sections 3 and 6). Outputs are declared. */
export const rolesRouter = router({
  /** Every role with flags and permission sets -> RoleOutput[]. */
  getRoles: permissionProcedure.output(z.array(ZRoleOutput)).query(({ ctx }) => service.getRoles({ scope: ctx.scope })),
  /** The names each permission set can hold: {actions, tables, views}. */
  getPermissionCatalog: permissionProcedure.output(ZPermissionCatalogOutput).query(() => ({
    actions: [...actionCatalog()],
    tables: [...TABLE_NAMES],
    views: viewNames(),
  })),
  /** Replaces a role's action permissions {roleId, permissions}; system-level roles only -> RoleOutput. */
  updateRoleActionPermissions: permissionProcedure
    .input(ZUpdateRolePermissionsInput)
    .output(ZRoleOutput)
    .mutation(({ ctx, input }) =>
      service.updateRolePermissions({ scope: ctx.scope, input, set: 'actionPermissions', allowed: actionCatalog() }),
    ),
  /** Replaces a role's table permissions {roleId, permissions}; system-level roles only -> RoleOutput. */
  updateRoleTablePermissions: permissionProcedure
    .input(ZUpdateRolePermissionsInput)
    .output(ZRoleOutput)
    .mutation(({ ctx, input }) =>
      service.updateRolePermissions({ scope: ctx.scope, input, set: 'tablePermissions', allowed: TABLE_NAMES }),
    ),
  /** Replaces a role's view permissions {roleId, permissions}; system-level roles only -> RoleOutput. */
  updateRoleViewPermissions: permissionProcedure
    .input(ZUpdateRolePermissionsInput)
    .output(ZRoleOutput)
    .mutation(({ ctx, input }) =>
      service.updateRolePermissions({ scope: ctx.scope, input, set: 'viewPermissions', allowed: viewNames() }),
    ),
  /**
   * Sets a role's nine chat flags {roleId, chatEnabled, chatBroadcastEnabled, ..., chatReadBranchConversationsEnabled}
   * (all required); system-level roles only -> RoleOutput. 404 for an unknown role.
   */
  updateRoleChatFlags: permissionProcedure
    .input(ZUpdateRoleChatFlagsInput)
    .output(ZRoleOutput)
    .mutation(({ ctx, input }) => service.updateRoleChatFlags({ scope: ctx.scope, input })),
});
