import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import type { caregiverAddresses } from '../caregivers/caregivers.schema';
import type { clientAddresses } from '../clients/clients.schema';
import { assertNoFieldErrors, type DeletedRecord, type RecordOwner, type ScopedInput, firstOrNotFound } from './records.owner';
import type { AddressOutputFields } from '@hearth/shared/records/records.schema';

/**
 * The addresses of a person's record, for clients and caregivers alike (spec section 7: get, create, update,
 * delete for Address on both). An owner's addresses keep exactly one primary once there is one: the first address
 * is primary whatever the input says, marking another primary unmarks the rest, deleting the primary hands the mark
 * to the oldest remaining address. Coordinates are WGS84 degrees. What the two owners differ in is their
 * AddressBook: the table and owner, the client's label, the 404 wording and what unmarking the primary does.
 */

/** The address tables: one per owner, the same address columns beside the owner's id (and the client's label). */
export type AddressTable = typeof clientAddresses | typeof caregiverAddresses;

/** The stored columns of an address, its owner and label aside: the output's fields. Coordinates in WGS84 degrees. */
export type NewAddress = Omit<AddressOutputFields, 'createdAt'>;

/** An address as read, whatever its owner; `label` is null for an owner whose addresses have none. */
export interface AddressRecord extends NewAddress {
  id: number;
  ownerId: number;
  label: string | null;
  /** ISO 8601 UTC. */
  createdAt: string;
}

/** The address fields of a create or update input (both owners' schemas); an omitted field stays as it is. */
export type AddressFields = Partial<NewAddress> & { label?: string | null };

/** What one owner's addresses are: where they are kept and the rules in which clients and caregivers differ. */
export interface AddressBook<K extends string, Output> {
  owner: RecordOwner<K>;
  table: AddressTable;
  ownerColumn: typeof clientAddresses.clientId | typeof caregiverAddresses.caregiverId;
  /** The label column, for an owner whose addresses have one ("Home" when left empty). */
  label?: typeof clientAddresses.label;
  /** How a missing address is named in a 404: "Address", "Caregiver address". */
  name: string;
  /** Inserts the address row with its owner (and label, where there is one). @returns the new row's id. */
  insert(scope: Scope, ownerId: number, address: NewAddress, label: string | undefined): Promise<{ id: number }[]>;
  /** Writes the changes of an address in one statement (the label where there is one). */
  update(scope: Scope, id: number, changes: Partial<NewAddress>, label: string | undefined): Promise<unknown>;
  /**
   * Unmarking the primary (isPrimary false on it): 'refuse' answers BAD_REQUEST "Mark another address as primary
   * instead" (clients); 'pass-to-oldest' marks the oldest other address, an only address staying primary
   * (caregivers).
   */
  unmarkPrimary: 'refuse' | 'pass-to-oldest';
  /** A cross-field rule checked on the address as it would be saved ({field: message}; caregivers: lat with lon). */
  savedRule?: (address: { lat: number | null; lon: number | null }) => Record<string, string>;
  /** The address as the owner's procedures return it. */
  present(address: AddressRecord): Output;
}

/** An optional text input as stored: undefined stays undefined (unchanged), '' and null become null. */
function textOrNull(value: string | null | undefined): string | null | undefined {
  return value === undefined ? undefined : value || null;
}

/** The addresses matching `where`, the primary first, then oldest first. */
async function selectAddresses(scope: Scope, book: AddressBook<string, unknown>, where: SQL): Promise<AddressRecord[]> {
  const t = book.table;
  const rows = await scope.db
    .select({
      id: t.id,
      ownerId: book.ownerColumn,
      label: book.label ?? sql<string | null>`null`,
      line1: t.line1,
      line2: t.line2,
      city: t.city,
      state: t.state,
      zip: t.zip,
      lat: t.lat,
      lon: t.lon,
      isPrimary: t.isPrimary,
      createdAt: t.createdAt,
    })
    .from(t)
    .where(where)
    .orderBy(desc(t.isPrimary), asc(t.createdAt), asc(t.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

async function oneAddress(scope: Scope, book: AddressBook<string, unknown>, id: number): Promise<AddressRecord> {
  return firstOrNotFound(await selectAddresses(scope, book, eq(book.table.id, id)), book.name, id);
}

/** Unmarks every primary address of the owner but `keepId`. */
async function unmarkOtherPrimaries(scope: Scope, book: AddressBook<string, unknown>, ownerId: number, keepId: number) {
  const t = book.table;
  await scope.db
    .update(t)
    .set({ isPrimary: false })
    .where(and(eq(book.ownerColumn, ownerId), eq(t.isPrimary, true), ne(t.id, keepId)));
}

/** Marks the owner's oldest address other than `exceptId` primary. @returns false when there is none. */
async function promoteOldest(scope: Scope, book: AddressBook<string, unknown>, ownerId: number, exceptId: number) {
  const t = book.table;
  const [next] = await scope.db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(book.ownerColumn, ownerId), ne(t.id, exceptId)))
    .orderBy(asc(t.createdAt), asc(t.id))
    .limit(1);
  if (next) await scope.db.update(t).set({ isPrimary: true }).where(eq(t.id, next.id));
  return next !== undefined;
}

/**
 * An owner's addresses ({clientId} or {caregiverId}), the primary first, then oldest first.
 * @throws AppError NOT_FOUND "Client N not found" / "Caregiver N not found" outside the scope.
 */
export async function getAddresses<K extends string, Output>(
  book: AddressBook<K, Output>,
  { scope, input }: ScopedInput<Record<K, number>>,
): Promise<Output[]> {
  const owner = await book.owner.find(scope, input[book.owner.key]);
  const addresses = await selectAddresses(scope, book, eq(book.ownerColumn, owner.id));
  return addresses.map((address) => book.present(address));
}

/**
 * Adds an address to an owner in scope. The owner's first address is primary whatever isPrimary says; a later one
 * is primary when isPrimary is true, taking over from the previous primary. A client's label defaults to "Home".
 * @throws AppError NOT_FOUND "Client N not found" / "Caregiver N not found" outside the scope.
 */
export async function createAddress<K extends string, Output>(
  book: AddressBook<K, Output>,
  {
    scope,
    input,
  }: ScopedInput<Record<K, number> & AddressFields & Required<Pick<AddressFields, 'line1' | 'city' | 'state' | 'zip'>>>,
): Promise<Output> {
  const owner = await book.owner.find(scope, input[book.owner.key], { lock: true });
  const t = book.table;
  const [primary] = await scope.db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(book.ownerColumn, owner.id), eq(t.isPrimary, true)))
    .limit(1);
  const isPrimary = !primary || input.isPrimary === true;
  const address: NewAddress = {
    line1: input.line1,
    line2: textOrNull(input.line2) ?? null,
    city: input.city,
    state: input.state,
    zip: input.zip,
    lat: input.lat ?? null,
    lon: input.lon ?? null,
    isPrimary,
  };
  const [row] = await book.insert(scope, owner.id, address, input.label || undefined);
  if (!row) throw new Error('address insert returned nothing');
  if (isPrimary) await unmarkOtherPrimaries(scope, book, owner.id, row.id);
  return book.present(await oneAddress(scope, book, row.id));
}

/**
 * Edits an address {id, ...fields to change}; an omitted field keeps its value ({id} alone changes nothing).
 * Marking it primary unmarks the owner's other addresses; unmarking the primary is the book's `unmarkPrimary`.
 * A client's empty label becomes "Home".
 * @throws AppError NOT_FOUND "<name> N not found" when it does not exist or its owner is outside the scope;
 * BAD_REQUEST when refusing to unmark the primary or when the book's savedRule fails on the result.
 */
export async function updateAddress<K extends string, Output>(
  book: AddressBook<K, Output>,
  { scope, input }: ScopedInput<AddressFields & { id: number }>,
): Promise<Output> {
  const owner = await book.owner.findOfRecord(scope, input.id, { lock: true });
  const current = await oneAddress(scope, book, input.id);
  const unmarking = input.isPrimary === false && current.isPrimary;
  if (unmarking && book.unmarkPrimary === 'refuse') {
    throw new AppError('BAD_REQUEST', 'Mark another address as primary instead', {
      isPrimary: ['Mark another address as primary instead'],
    });
  }
  const changes: Partial<NewAddress> = {
    line1: input.line1,
    line2: textOrNull(input.line2),
    city: input.city,
    state: input.state,
    zip: input.zip,
    lat: input.lat,
    lon: input.lon,
    isPrimary: input.isPrimary,
  };
  const saving = {
    lat: changes.lat === undefined ? current.lat : changes.lat,
    lon: changes.lon === undefined ? current.lon : changes.lon,
  };
  if (book.savedRule) assertNoFieldErrors(book.savedRule(saving));
  // An only address stays primary when nothing can take the mark over.
  if (unmarking && !(await promoteOldest(scope, book, owner.id, input.id))) changes.isPrimary = true;
  const label = book.label && input.label !== undefined ? input.label || 'Home' : undefined;
  if (label === undefined && Object.values(changes).every((value) => value === undefined)) {
    return book.present(current);
  }
  await book.update(scope, input.id, changes, label);
  const saved = await oneAddress(scope, book, input.id);
  if (saved.isPrimary) await unmarkOtherPrimaries(scope, book, owner.id, saved.id);
  return book.present(saved);
}

/**
 * Deletes an address {id}. When it was the primary, the owner's oldest remaining address becomes primary.
 * @returns {ok: true, id} of the deleted address.
 * @throws AppError NOT_FOUND "<name> N not found" when it does not exist or its owner is outside the scope.
 */
export async function deleteAddress<K extends string, Output>(
  book: AddressBook<K, Output>,
  { scope, input }: ScopedInput<{ id: number }>,
): Promise<DeletedRecord> {
  const owner = await book.owner.findOfRecord(scope, input.id, { lock: true });
  const t = book.table;
  const [deleted] = await scope.db.delete(t).where(eq(t.id, input.id)).returning({ isPrimary: t.isPrimary });
  if (deleted?.isPrimary) await promoteOldest(scope, book, owner.id, input.id);
  return { ok: true, id: input.id };
}
