import { desc, eq, type SQL } from 'drizzle-orm';
import type {
  ClientJournalEntryOutput,
  CreateClientJournalEntryInput,
  UpdateClientJournalEntryInput,
} from '@hearth/shared/clients/clients.schema';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { users } from '../users/users.schema';
import { clientJournalEntries } from './clients.schema';
import { findClient, findRecordClient, iso } from './clients.lookup';

const JOURNAL_ENTRY = {
  table: clientJournalEntries,
  id: clientJournalEntries.id,
  clientId: clientJournalEntries.clientId,
  name: 'Journal entry',
};

/** Journal entries with their authors' names, by a condition, newest entry date first. */
async function selectEntries(scope: Scope, where: SQL): Promise<ClientJournalEntryOutput[]> {
  const rows = await scope.db
    .select({ entry: clientJournalEntries, authorName: users.name })
    .from(clientJournalEntries)
    .leftJoin(users, eq(users.id, clientJournalEntries.authorUserId))
    .where(where)
    .orderBy(desc(clientJournalEntries.entryDate), desc(clientJournalEntries.id));
  return rows.map(({ entry: e, authorName }) => ({
    id: e.id,
    clientId: e.clientId,
    entryDate: e.entryDate,
    subject: e.subject,
    body: e.body,
    authorUserId: e.authorUserId,
    authorName,
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
  }));
}

async function oneEntry(scope: Scope, id: number): Promise<ClientJournalEntryOutput> {
  const [entry] = await selectEntries(scope, eq(clientJournalEntries.id, id));
  if (!entry) throw new AppError('NOT_FOUND', `Journal entry ${id} not found`);
  return entry;
}

/**
 * A client's journal entries {clientId}, newest entry date first, with the author's name.
 * @throws AppError NOT_FOUND "Client N not found" outside the scope.
 */
export async function getClientJournalEntries({ scope, input }: { scope: Scope; input: { clientId: number } }) {
  const client = await findClient(scope, input.clientId);
  return selectEntries(scope, eq(clientJournalEntries.clientId, client.id));
}

/**
 * Adds a dated note {clientId, entryDate, subject, body} to a client in scope; the author is the caller (the
 * impersonated user while impersonating; the audit log records the real one).
 * @throws AppError NOT_FOUND "Client N not found" outside the scope.
 */
export async function createClientJournalEntry({ scope, input }: { scope: Scope; input: CreateClientJournalEntryInput }) {
  const client = await findClient(scope, input.clientId);
  const [row] = await scope.db
    .insert(clientJournalEntries)
    .values({
      clientId: client.id,
      entryDate: input.entryDate,
      subject: input.subject,
      body: input.body,
      authorUserId: scope.userId,
    })
    .returning({ id: clientJournalEntries.id });
  if (!row) throw new Error('journal entry insert returned nothing');
  return oneEntry(scope, row.id);
}

/**
 * Edits a journal entry {id, ...fields to change}; the author stays who wrote it (the audit log keeps every
 * version and who changed it).
 * @throws AppError NOT_FOUND "Journal entry N not found" when it does not exist or its client is outside the scope.
 */
export async function updateClientJournalEntry({ scope, input }: { scope: Scope; input: UpdateClientJournalEntryInput }) {
  await findRecordClient(scope, JOURNAL_ENTRY, input.id);
  await scope.db
    .update(clientJournalEntries)
    .set({ entryDate: input.entryDate, subject: input.subject, body: input.body, updatedAt: new Date() })
    .where(eq(clientJournalEntries.id, input.id));
  return oneEntry(scope, input.id);
}

/**
 * Deletes a journal entry {id} (the audit log keeps its last version).
 * @returns {id} of the deleted entry.
 * @throws AppError NOT_FOUND "Journal entry N not found" when it does not exist or its client is outside the scope.
 */
export async function deleteClientJournalEntry({ scope, input }: { scope: Scope; input: { id: number } }) {
  await findRecordClient(scope, JOURNAL_ENTRY, input.id);
  await scope.db.delete(clientJournalEntries).where(eq(clientJournalEntries.id, input.id));
  return { id: input.id };
}
