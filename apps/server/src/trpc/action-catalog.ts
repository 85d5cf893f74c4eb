/**
 * The names a role's action permissions can hold: every procedure path of the root router plus the REST
 * actions. Filled once when the root router is built (the router cannot import itself).
 */
const actions: string[] = [];

/** REST endpoints guarded by an action name (spec section 7 "REST-style"). */
export const REST_ACTIONS = ['getUserHistory'] as const;

/** Records the root router's procedure paths. */
export function registerActions(paths: string[]): void {
  actions.splice(0, actions.length, ...new Set([...paths, ...REST_ACTIONS]));
  actions.sort();
}

/** All action names, sorted. */
export function actionCatalog(): readonly string[] {
  return actions;
}
