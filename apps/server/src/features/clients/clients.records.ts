import type { ClientAddressOutput, ClientJournalEntryOutput } from '@hearth/shared/clients/clients.schema';
import { eq } from 'drizzle-orm';
import type { AddressBook } from '../records/records.addresses.service';
import type { JournalBook } from '../records/records.journal.service';
import { ownedRecords } from '../records/records.owner';
import { clientAddresses, clientJournalEntries } from './clients.schema';
import { findClient, findRecordClient } from './clients.lookup';

// A client as the owner of the records kept through the shared record services (records feature): its addresses
// and its journal. The lookups are clients.lookup.ts, so another branch's record is a 404 as a missing one.

/**
 * A client's addresses: labelled ("Home" by default); the primary cannot be unmarked directly (mark another one
 * instead); 404s say "Address N not found".
 */
export const CLIENT_ADDRESSES: AddressBook<'clientId', ClientAddressOutput> = {
  ...ownedRecords('clientId', findClient, findRecordClient, clientAddresses, clientAddresses.clientId, 'Address'),
  label: clientAddresses.label,
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
  ...ownedRecords('clientId', findClient, findRecordClient, clientJournalEntries, clientJournalEntries.clientId, 'Journal entry'),
  author: 'user',
  present: ({ ownerId, ...entry }) => ({ ...entry, clientId: ownerId }),
};
