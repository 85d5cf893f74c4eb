import type { UserHistoryEntry } from '@hearth/shared/users/users.schema';
import { i18n } from '@/i18n/i18n.setup';

/** Bookkeeping columns that change on every write, and `name`, which only repeats first and last name. */
const IGNORED_FIELDS = new Set(['updatedAt', 'updated_at', 'createdAt', 'created_at', 'name']);

/** Fields whose values must not be echoed on screen; the history only says that they changed. */
const SECRET_FIELDS = new Set(['ssn', 'password', 'cognitoId', 'cognito_id', 'pushNotificationDeviceToken']);

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * A compact list of what one history entry changed: "field: old → new" for updates, Created / Deleted for whole
 * rows, and for the user-to-branch link table the branch added or removed. Secret fields are named, never shown.
 * The words are in the shown language; field names and values are the record's own.
 */
export function describeChanges(entry: UserHistoryEntry): string[] {
  if (entry.tableName !== 'users') {
    const branch = entry.branchName ?? i18n.t('admin:history.aBranch');
    if (entry.operation === 'INSERT') return [i18n.t('admin:history.addedTo', { branch })];
    if (entry.operation === 'DELETE') return [i18n.t('admin:history.removedFrom', { branch })];
  }
  // A created or deleted user is one event; listing every column of the row would bury the real changes.
  if (entry.operation === 'INSERT') return [i18n.t('admin:history.created')];
  if (entry.operation === 'DELETE') return [i18n.t('admin:history.deleted')];
  const oldRow = entry.oldRow ?? {};
  const newRow = entry.newRow ?? {};
  const fields = [...new Set([...Object.keys(oldRow), ...Object.keys(newRow)])].filter((f) => !IGNORED_FIELDS.has(f));
  const changes: string[] = [];
  for (const field of fields) {
    const before = oldRow[field];
    const after = newRow[field];
    if (entry.operation === 'UPDATE' && JSON.stringify(before) === JSON.stringify(after)) continue;
    if (SECRET_FIELDS.has(field)) changes.push(i18n.t('admin:history.secretChanged', { field }));
    else changes.push(`${field}: ${show(before)} → ${show(after)}`);
  }
  return changes;
}

/** A reader's name for the audited table: the user record itself or the user's branch links. */
export function tableLabel(tableName: string): string {
  if (tableName === 'users') return i18n.t('admin:history.tableUser');
  if (tableName === '_BranchToUser') return i18n.t('admin:history.tableBranchLink');
  return tableName;
}
