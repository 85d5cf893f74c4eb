import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type {
  ClientAddressOutput,
  CreateClientAddressInput,
  UpdateClientAddressInput,
} from '@hearth/shared/clients/clients.schema';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { clientAddresses } from './clients.schema';
import { findClient, findRecordClient, iso, textOrNull } from './clients.lookup';

const ADDRESS = { table: clientAddresses, id: clientAddresses.id, clientId: clientAddresses.clientId, name: 'Address' };

function toOutput(row: typeof clientAddresses.$inferSelect): ClientAddressOutput {
  return {
    id: row.id,
    clientId: row.clientId,
    label: row.label,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    lat: row.lat,
    lon: row.lon,
    isPrimary: row.isPrimary,
    createdAt: iso(row.createdAt),
  };
}

/** Unmarks every primary address of a client but `keepId`. */
async function unmarkOtherPrimaries(scope: Scope, clientId: number, keepId: number): Promise<void> {
  await scope.db
    .update(clientAddresses)
    .set({ isPrimary: false })
    .where(and(eq(clientAddresses.clientId, clientId), eq(clientAddresses.isPrimary, true), ne(clientAddresses.id, keepId)));
}

/**
 * A client's addresses {clientId}, the primary first, then oldest first.
 * @throws AppError NOT_FOUND "Client N not found" outside the scope.
 */
export async function getClientAddresses({ scope, input }: { scope: Scope; input: { clientId: number } }) {
  const client = await findClient(scope, input.clientId);
  const rows = await scope.db
    .select()
    .from(clientAddresses)
    .where(eq(clientAddresses.clientId, client.id))
    .orderBy(desc(clientAddresses.isPrimary), asc(clientAddresses.id));
  return rows.map(toOutput);
}

/**
 * Adds an address to a client in scope. A client with addresses has exactly one primary: the client's first
 * address is primary whatever isPrimary says; a later one is primary when isPrimary is true, taking over from the
 * previous primary. Label defaults to "Home"; lat/lon are WGS84 degrees.
 * @throws AppError NOT_FOUND "Client N not found" outside the scope.
 */
export async function createClientAddress({ scope, input }: { scope: Scope; input: CreateClientAddressInput }) {
  const client = await findClient(scope, input.clientId, { lock: true });
  const [primary] = await scope.db
    .select({ id: clientAddresses.id })
    .from(clientAddresses)
    .where(and(eq(clientAddresses.clientId, client.id), eq(clientAddresses.isPrimary, true)))
    .limit(1);
  const isPrimary = !primary || input.isPrimary === true;
  const [row] = await scope.db
    .insert(clientAddresses)
    .values({
      clientId: client.id,
      label: input.label || undefined,
      line1: input.line1,
      line2: textOrNull(input.line2),
      city: input.city,
      state: input.state,
      zip: input.zip,
      lat: input.lat ?? null,
      lon: input.lon ?? null,
      isPrimary,
    })
    .returning();
  if (!row) throw new Error('address insert returned nothing');
  if (isPrimary) await unmarkOtherPrimaries(scope, client.id, row.id);
  return toOutput(row);
}

/**
 * Edits an address {id, ...fields to change}; an omitted field keeps its value ({id} alone returns the address as
 * it is). Marking it primary unmarks the client's other addresses; the
 * primary cannot be unmarked directly (mark another one instead), so a client with addresses keeps one primary.
 * An empty label becomes "Home".
 * @throws AppError NOT_FOUND "Address N not found" when it does not exist or its client is outside the scope;
 * BAD_REQUEST when unmarking the primary.
 */
export async function updateClientAddress({ scope, input }: { scope: Scope; input: UpdateClientAddressInput }) {
  const client = await findRecordClient(scope, ADDRESS, input.id, { lock: true });
  const [current] = await scope.db.select().from(clientAddresses).where(eq(clientAddresses.id, input.id));
  if (!current) throw new AppError('NOT_FOUND', `Address ${input.id} not found`);
  if (input.isPrimary === false && current.isPrimary) {
    throw new AppError('BAD_REQUEST', 'Mark another address as primary instead', {
      isPrimary: ['Mark another address as primary instead'],
    });
  }
  const changes = {
    label: input.label === undefined ? undefined : input.label || 'Home',
    line1: input.line1,
    line2: textOrNull(input.line2),
    city: input.city,
    state: input.state,
    zip: input.zip,
    lat: input.lat,
    lon: input.lon,
    isPrimary: input.isPrimary,
  };
  // A partial update: an omitted field stays as it is, so {id} alone changes nothing.
  if (Object.values(changes).every((value) => value === undefined)) return toOutput(current);
  const [row] = await scope.db.update(clientAddresses).set(changes).where(eq(clientAddresses.id, input.id)).returning();
  if (!row) throw new Error('address update returned nothing');
  if (row.isPrimary) await unmarkOtherPrimaries(scope, client.id, row.id);
  return toOutput(row);
}

/**
 * Deletes an address {id}. When it was the primary, the client's oldest remaining address becomes primary.
 * @returns {id} of the deleted address.
 * @throws AppError NOT_FOUND "Address N not found" when it does not exist or its client is outside the scope.
 */
export async function deleteClientAddress({ scope, input }: { scope: Scope; input: { id: number } }) {
  const client = await findRecordClient(scope, ADDRESS, input.id, { lock: true });
  const [deleted] = await scope.db.delete(clientAddresses).where(eq(clientAddresses.id, input.id)).returning();
  if (deleted?.isPrimary) {
    const [next] = await scope.db
      .select({ id: clientAddresses.id })
      .from(clientAddresses)
      .where(eq(clientAddresses.clientId, client.id))
      .orderBy(asc(clientAddresses.id))
      .limit(1);
    if (next) await scope.db.update(clientAddresses).set({ isPrimary: true }).where(eq(clientAddresses.id, next.id));
  }
  return { id: input.id };
}
