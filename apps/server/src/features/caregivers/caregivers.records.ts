import { eq } from 'drizzle-orm';
import {
  addressRuleErrors,
  type CaregiverAddressOutput,
  type CaregiverJournalEntryOutput,
} from '@hearth/shared/caregivers/caregivers.schema';
import type { AddressBook } from '../records/records.addresses.service';
import type { JournalBook } from '../records/records.journal.service';
import { ownedRecords } from '../records/records.owner';
import { caregiverAddresses, caregiverJournalEntries } from './caregivers.schema';
import { findCaregiver, findRecordCaregiver } from './caregivers.lookup';

// A caregiver as the owner of the records kept through the shared record services (records feature): its addresses
// and its journal. The lookups are caregivers.lookup.ts, so another branch's record is a 404 as a missing one.

/**
 * A caregiver's addresses: no label; unmarking the primary passes the mark to the oldest other address (an only
 * address stays primary); latitude and longitude must stay together on the saved address; 404s say
 * "Caregiver address N not found".
 */
export const CAREGIVER_ADDRESSES: AddressBook<'caregiverId', CaregiverAddressOutput> = {
  ...ownedRecords(
    'caregiverId',
    findCaregiver,
    findRecordCaregiver,
    caregiverAddresses,
    caregiverAddresses.caregiverId,
    'Caregiver address',
  ),
  update: (scope, id, changes) => scope.db.update(caregiverAddresses).set(changes).where(eq(caregiverAddresses.id, id)),
  unmarkPrimary: 'pass-to-oldest',
  savedRule: addressRuleErrors,
  present: ({ ownerId, label: _label, ...address }) => ({ ...address, caregiverId: ownerId }),
};

/** A caregiver's journal: the author is the signed-in user; 404s say "Caregiver journal entry N not found". */
export const CAREGIVER_JOURNAL: JournalBook<'caregiverId', CaregiverJournalEntryOutput> = {
  ...ownedRecords(
    'caregiverId',
    findCaregiver,
    findRecordCaregiver,
    caregiverJournalEntries,
    caregiverJournalEntries.caregiverId,
    'Caregiver journal entry',
  ),
  author: 'actor',
  present: ({ ownerId, ...entry }) => ({ ...entry, caregiverId: ownerId }),
};
