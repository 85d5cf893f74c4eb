/**
 * Backend view names a role's view permissions can hold. The view engine registers its views here when it
 * lands; until then the set is empty and the roles editor says so.
 */
export const VIEW_NAMES: readonly string[] = [];
