import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { english, msg, translate, type ServerMessageKey, type ServerValue } from './server-i18n';

/**
 * Names of records that messages put into their sentences, worded in the reader's language (issue 27): a standard
 * role ("Company Admin" -> "Administrador de la empresa") and a view ("clients" -> "Clientes"). Names an agency gave
 * itself are its own words and stay as written.
 */

/** The catalogue key of each standard role by id (packages/shared/src/roles/roles.constants.ts). */
const ROLE_KEYS = new Map<number, string>(Object.entries(ROLE_IDS).map(([key, id]) => [id, key]));

/**
 * A role's name as a message value: the catalogue's roleNames.<key> for a standard role that still has its
 * standard English name, else the name as stored (an agency's renamed or own role is not translated).
 */
export function roleName(role: { id: number; name: string }): ServerValue {
  const key = ROLE_KEYS.get(role.id);
  if (!key) return role.name;
  const standard = msg(`roleNames.${key}` as ServerMessageKey);
  return english(standard) === role.name ? standard : role.name;
}

/**
 * A view's name as a message value: in English its identifier as the messages always gave it ("clients", which the
 * API's caller wrote), in another language the catalogue's viewNames.<name> ("Clientes"), else the identifier.
 */
export function viewName(name: string): ServerValue {
  return (language) => {
    if (language === 'en') return name;
    const key = `viewNames.${name}`;
    const named = translate(msg(key as ServerMessageKey), language);
    // i18next answers a key it lacks with the key itself: a view the catalogue does not name keeps its identifier.
    return named === key ? name : named;
  };
}
