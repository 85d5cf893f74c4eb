import { desc, eq, type SQL } from 'drizzle-orm';
import type { Scope } from '../../auth/scope';
import type { caregiverJournalEntries } from '../caregivers/caregivers.schema';
import type { clientJournalEntries } from '../clients/clients.schema';
import { users } from '../users/users.schema';
import { type DeletedRecord, type RecordOwner, type ScopedInput, firstOrNotFound } from './records.owner';

/**
 * The journal of a person's record, for clients and caregivers alike (docs/glossary.md "Journal entry"; spec
 * section 7: get, create, update, delete for JournalEntry on both): dated notes by staff, newest entry date first,
 * with the author's name. The audit log keeps every version and who changed it. What the two owners differ in is
 * their JournalBook: the table and owner, the 404 wording and who counts as the author.
 */

/** The journal tables: one per owner, the columns of records.columns.ts journalEntryColumns beside the owner's id. */
export type JournalTable = typeof clientJournalEntries | typeof caregiverJournalEntries;

/** A journal entry as read, whatever its owner. Dates YYYY-MM-DD, timestamps ISO 8601 UTC. */
export interface JournalEntryRecord {
  id: number;
  ownerId: number;
  entryDate: string;
  subject: string;
  body: string;
  authorUserId: number | null;
  authorName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The fields of a journal entry input; an omitted field stays as it is on update. */
export interface JournalEntryFields {
  entryDate: string;
  subject: string;
  body: string;
}

/** What one owner's journal is: where it is kept and the rules in which clients and caregivers differ. */
export interface JournalBook<K extends string, Output> {
  owner: RecordOwner<K>;
  table: JournalTable;
  ownerColumn: typeof clientJournalEntries.clientId | typeof caregiverJournalEntries.caregiverId;
  /** How a missing entry is named in a 404: "Journal entry", "Caregiver journal entry". */
  name: string;
  /** Inserts the entry row with its owner. @returns the new row's id. */
  insert(scope: Scope, ownerId: number, entry: JournalEntryFields & { authorUserId: number }): Promise<{ id: number }[]>;
  /**
   * Who writes a new entry: 'user' is the effective user (the impersonated one while impersonating; clients),
   * 'actor' the signed-in user (caregivers). The audit log records the real one either way.
   */
  author: 'user' | 'actor';
  /** The entry as the owner's procedures return it. */
  present(entry: JournalEntryRecord): Output;
}

/** Journal entries with their authors' names, by a condition, newest entry date first. */
async function selectEntries(scope: Scope, book: JournalBook<string, unknown>, where: SQL): Promise<JournalEntryRecord[]> {
  const t = book.table;
  const rows = await scope.db
    .select({
      id: t.id,
      ownerId: book.ownerColumn,
      entryDate: t.entryDate,
      subject: t.subject,
      body: t.body,
      authorUserId: t.authorUserId,
      authorName: users.name,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
    })
    .from(t)
    .leftJoin(users, eq(users.id, t.authorUserId))
    .where(where)
    .orderBy(desc(t.entryDate), desc(t.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }));
}

async function oneEntry<Output>(scope: Scope, book: JournalBook<string, Output>, id: number): Promise<Output> {
  return book.present(firstOrNotFound(await selectEntries(scope, book, eq(book.table.id, id)), book.name, id));
}

/**
 * An owner's journal entries ({clientId} or {caregiverId}), newest entry date first, with the author's name.
 * @throws AppError NOT_FOUND "Client N not found" / "Caregiver N not found" outside the scope.
 */
export async function getJournalEntries<K extends string, Output>(
  book: JournalBook<K, Output>,
  { scope, input }: ScopedInput<Record<K, number>>,
): Promise<Output[]> {
  const owner = await book.owner.find(scope, input[book.owner.key]);
  const entries = await selectEntries(scope, book, eq(book.ownerColumn, owner.id));
  return entries.map((entry) => book.present(entry));
}

/**
 * Adds a dated note {ownerId, entryDate, subject, body} to an owner in scope; the author is the book's `author`.
 * @throws AppError NOT_FOUND "Client N not found" / "Caregiver N not found" outside the scope.
 */
export async function createJournalEntry<K extends string, Output>(
  book: JournalBook<K, Output>,
  { scope, input }: ScopedInput<Record<K, number> & JournalEntryFields>,
): Promise<Output> {
  const owner = await book.owner.find(scope, input[book.owner.key]);
  const [row] = await book.insert(scope, owner.id, {
    entryDate: input.entryDate,
    subject: input.subject,
    body: input.body,
    authorUserId: book.author === 'user' ? scope.userId : scope.actorUserId,
  });
  if (!row) throw new Error('journal entry insert returned nothing');
  return oneEntry(scope, book, row.id);
}

/**
 * Edits a journal entry {id, ...fields to change}; the author stays who wrote it.
 * @throws AppError NOT_FOUND "<name> N not found" when it does not exist or its owner is outside the scope.
 */
export async function updateJournalEntry<K extends string, Output>(
  book: JournalBook<K, Output>,
  { scope, input }: ScopedInput<Partial<JournalEntryFields> & { id: number }>,
): Promise<Output> {
  await book.owner.findOfRecord(scope, input.id);
  const t = book.table;
  await scope.db
    .update(t)
    .set({ entryDate: input.entryDate, subject: input.subject, body: input.body, updatedAt: new Date() })
    .where(eq(t.id, input.id));
  return oneEntry(scope, book, input.id);
}

/**
 * Deletes a journal entry {id} (the audit log keeps its last version).
 * @returns {ok: true, id} of the deleted entry.
 * @throws AppError NOT_FOUND "<name> N not found" when it does not exist or its owner is outside the scope.
 */
export async function deleteJournalEntry<K extends string, Output>(
  book: JournalBook<K, Output>,
  { scope, input }: ScopedInput<{ id: number }>,
): Promise<DeletedRecord> {
  await book.owner.findOfRecord(scope, input.id);
  await scope.db.delete(book.table).where(eq(book.table.id, input.id));
  return { ok: true, id: input.id };
}
