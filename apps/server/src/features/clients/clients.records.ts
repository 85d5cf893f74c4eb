import type { ClientAddressOutput, ClientJournalEntryOutput } from '@hearth/shared/clients/clients.schema';
import { eq } from 'drizzle-orm';
import type { AddressBook } from '../records/records.addresses.service';
import type { JournalBook } from '../records/records.journal.service';
import { recordOwner } from '../records/records.owner';
import { clientAddresses, clientJournalEntries } from './clients.schema';
import { findClient, findRecordClient } from './clients.lookup';

// A client as the owner of the records kept through the shared record services (records feature): its addresses
// and its journal. The lookups are clients.lookup.ts, so another branch's record is a 404 as a missing one.

/**
 * A client's addresses: labelled ("Home" by default); the primary cannot be unmarked directly (mark another one
 * instead); 404s say "Address N not found".
 */
export const CLIENT_ADDRESSES: AddressBook<'clientId', ClientAddressOutput> = {
  owner: recordOwner('clientId', findClient, findRecordClient, {
    table: clientAddresses,
    id: clientAddresses.id,
    clientId: clientAddresses.clientId,
    name: 'Address',
  }),
  table: clientAddresses,
  ownerColumn: clientAddresses.clientId,
  label: clientAddresses.label,
  name: 'Address',
  insert: (scope, clientId, address, label) =>
    scope.db
      .insert(clientAddresses)
      .values({ clientId, label, ...address })
      .returning({ id: clientAddresses.id }),
  update: (scope, id, changes, label) =>
    scope.db
      .update(clientAddresses)
      .set({ ...changes, label })
      .where(eq(clientAddresses.id, id)),
  unmarkPrimary: 'refuse',
  present: ({ ownerId, label, ...address }) => ({ ...address, clientId: ownerId, label: label ?? 'Home' }),
};

/** A client's journal: the author is the caller (the impersonated user while impersonating); 404s say "Journal entry N not found". */
export const CLIENT_JOURNAL: JournalBook<'clientId', ClientJournalEntryOutput> = {
  owner: recordOwner('clientId', findClient, findRecordClient, {
    table: clientJournalEntries,
    id: clientJournalEntries.id,
    clientId: clientJournalEntries.clientId,
    name: 'Journal entry',
  }),
  table: clientJournalEntries,
  ownerColumn: clientJournalEntries.clientId,
  name: 'Journal entry',
  insert: (scope, clientId, entry) =>
    scope.db
      .insert(clientJournalEntries)
      .values({ clientId, ...entry })
      .returning({ id: clientJournalEntries.id }),
  author: 'user',
  present: ({ ownerId, ...entry }) => ({ ...entry, clientId: ownerId }),
};
