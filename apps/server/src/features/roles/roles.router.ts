import { ZUpdateRolePermissionsInput } from '@hearth/shared/roles/roles.schema';
import { permissionProcedure, router } from '../../trpc/init';
import { actionCatalog } from '../../trpc/action-catalog';
import { TABLE_NAMES } from './roles.permissions';
import { viewNames } from '../views/views.catalog';
import * as service from './roles.service';

export const rolesRouter = router({
  /** Every role with flags and permission sets. */
  getRoles: permissionProcedure.query(({ ctx }) => service.getRoles({ scope: ctx.scope })),
  /** The names each permission set can hold: {actions, tables, views}. */
  getPermissionCatalog: permissionProcedure.query(() => ({
    actions: [...actionCatalog()],
    tables: [...TABLE_NAMES],
    views: viewNames(),
  })),
  /** Replaces a role's action permissions {roleId, permissions}; system-level roles only. */
  updateRoleActionPermissions: permissionProcedure
    .input(ZUpdateRolePermissionsInput)
    .mutation(({ ctx, input }) =>
      service.updateRolePermissions({ scope: ctx.scope, input, set: 'actionPermissions', allowed: actionCatalog() }),
    ),
  /** Replaces a role's table permissions {roleId, permissions}; system-level roles only. */
  updateRoleTablePermissions: permissionProcedure
    .input(ZUpdateRolePermissionsInput)
    .mutation(({ ctx, input }) =>
      service.updateRolePermissions({ scope: ctx.scope, input, set: 'tablePermissions', allowed: TABLE_NAMES }),
    ),
  /** Replaces a role's view permissions {roleId, permissions}; system-level roles only. */
  updateRoleViewPermissions: permissionProcedure
    .input(ZUpdateRolePermissionsInput)
    .mutation(({ ctx, input }) =>
      service.updateRolePermissions({ scope: ctx.scope, input, set: 'viewPermissions', allowed: viewNames() }),
    ),
});
