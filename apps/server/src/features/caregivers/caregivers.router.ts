import { z } from 'zod';
import {
  ZCaregiverAddressOutput,
  ZCaregiverCashAdvanceOutput,
  ZCaregiverCredentialOutput,
  ZCaregiverJournalEntryOutput,
  ZCaregiverLoginLinkOutput,
  ZCaregiverOutput,
  ZCaregiverPasswordOutput,
  ZCaregiverRecordsInput,
  ZCreateCaregiverAddressInput,
  ZCreateCaregiverCashAdvanceInput,
  ZCreateCaregiverCredentialInput,
  ZCreateCaregiverInput,
  ZCreateCaregiverJournalEntryInput,
  ZDeleteCaregiverRecordInput,
  ZDeletedOutput,
  ZGetCaregiverInput,
  ZSendCaregiverLoginLinkInput,
  ZSetCaregiverPasswordInput,
  ZUpdateCaregiverAddressInput,
  ZUpdateCaregiverCashAdvanceInput,
  ZUpdateCaregiverCredentialInput,
  ZUpdateCaregiverInput,
  ZUpdateCaregiverJournalEntryInput,
} from '@hearth/shared/caregivers/caregivers.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as caregiversService from './caregivers.service';
import * as records from './caregiver-records.service';
import * as addresses from '../records/records.addresses.service';
import * as journal from '../records/records.journal.service';
import { CAREGIVER_ADDRESSES, CAREGIVER_JOURNAL } from './caregivers.records';
import * as login from './caregiver-login.service';

/**
 * The caregiver procedures (spec section 7 "Caregiver", issue 4 item 2), each guarded by its action name. Every
 * one works on caregivers in the caller's branches; another branch's caregiver or record answers 404. Outputs are
 * declared whitelists (packages/shared caregivers.schema). File procedures live with the files feature.
 */
export const caregiversRouter = router({
  /** {id} -> CaregiverOutput: the caregiver, credentials and expiringCredentials (within 30 days or expired). */
  getCaregiver: permissionProcedure
    .input(ZGetCaregiverInput)
    .output(ZCaregiverOutput)
    .query(({ ctx, input }) => caregiversService.readCaregiver({ scope: ctx.scope, input })),
  /** The caregiver form (status defaults to applicant) -> CaregiverOutput. */
  createCaregiver: permissionProcedure
    .input(ZCreateCaregiverInput)
    .output(ZCaregiverOutput)
    .mutation(({ ctx, input }) => caregiversService.createCaregiver({ scope: ctx.scope, input })),
  /** {id, ...fields to change} -> CaregiverOutput. */
  updateCaregiver: permissionProcedure
    .input(ZUpdateCaregiverInput)
    .output(ZCaregiverOutput)
    .mutation(({ ctx, input }) => caregiversService.updateCaregiver({ scope: ctx.scope, input })),

  /** {caregiverId} -> CaregiverAddressOutput[], primary first. */
  getCaregiverAddresses: permissionProcedure
    .input(ZCaregiverRecordsInput)
    .output(z.array(ZCaregiverAddressOutput))
    .query(({ ctx, input }) => addresses.getAddresses(CAREGIVER_ADDRESSES, { scope: ctx.scope, input })),
  /** {caregiverId, line1, line2?, city, state, zip, lat?, lon?, isPrimary?} -> CaregiverAddressOutput. */
  createCaregiverAddress: permissionProcedure
    .input(ZCreateCaregiverAddressInput)
    .output(ZCaregiverAddressOutput)
    .mutation(({ ctx, input }) => addresses.createAddress(CAREGIVER_ADDRESSES, { scope: ctx.scope, input })),
  /** {id, ...fields to change} -> CaregiverAddressOutput. */
  updateCaregiverAddress: permissionProcedure
    .input(ZUpdateCaregiverAddressInput)
    .output(ZCaregiverAddressOutput)
    .mutation(({ ctx, input }) => addresses.updateAddress(CAREGIVER_ADDRESSES, { scope: ctx.scope, input })),
  /** {id} -> {ok, id}. */
  deleteCaregiverAddress: permissionProcedure
    .input(ZDeleteCaregiverRecordInput)
    .output(ZDeletedOutput)
    .mutation(({ ctx, input }) => addresses.deleteAddress(CAREGIVER_ADDRESSES, { scope: ctx.scope, input })),

  /** {caregiverId} -> CaregiverJournalEntryOutput[], newest first. */
  getCaregiverJournalEntries: permissionProcedure
    .input(ZCaregiverRecordsInput)
    .output(z.array(ZCaregiverJournalEntryOutput))
    .query(({ ctx, input }) => journal.getJournalEntries(CAREGIVER_JOURNAL, { scope: ctx.scope, input })),
  /** {caregiverId, entryDate, subject, body} -> CaregiverJournalEntryOutput. */
  createCaregiverJournalEntry: permissionProcedure
    .input(ZCreateCaregiverJournalEntryInput)
    .output(ZCaregiverJournalEntryOutput)
    .mutation(({ ctx, input }) => journal.createJournalEntry(CAREGIVER_JOURNAL, { scope: ctx.scope, input })),
  /** {id, ...fields to change} -> CaregiverJournalEntryOutput. */
  updateCaregiverJournalEntry: permissionProcedure
    .input(ZUpdateCaregiverJournalEntryInput)
    .output(ZCaregiverJournalEntryOutput)
    .mutation(({ ctx, input }) => journal.updateJournalEntry(CAREGIVER_JOURNAL, { scope: ctx.scope, input })),
  /** {id} -> {ok, id}. */
  deleteCaregiverJournalEntry: permissionProcedure
    .input(ZDeleteCaregiverRecordInput)
    .output(ZDeletedOutput)
    .mutation(({ ctx, input }) => journal.deleteJournalEntry(CAREGIVER_JOURNAL, { scope: ctx.scope, input })),

  /** {caregiverId} -> CaregiverCashAdvanceOutput[] (cents), newest first. */
  getCaregiverCashAdvances: permissionProcedure
    .input(ZCaregiverRecordsInput)
    .output(z.array(ZCaregiverCashAdvanceOutput))
    .query(({ ctx, input }) => records.getCaregiverCashAdvances({ scope: ctx.scope, input })),
  /** {caregiverId, amountCents > 0, advancedOn, reason?} -> CaregiverCashAdvanceOutput. */
  createCaregiverCashAdvance: permissionProcedure
    .input(ZCreateCaregiverCashAdvanceInput)
    .output(ZCaregiverCashAdvanceOutput)
    .mutation(({ ctx, input }) => records.createCaregiverCashAdvance({ scope: ctx.scope, input })),
  /** {id, ...fields to change, deductedOn?} -> CaregiverCashAdvanceOutput; 409 once deducted. */
  updateCaregiverCashAdvance: permissionProcedure
    .input(ZUpdateCaregiverCashAdvanceInput)
    .output(ZCaregiverCashAdvanceOutput)
    .mutation(({ ctx, input }) => records.updateCaregiverCashAdvance({ scope: ctx.scope, input })),
  /** {id} -> {ok, id}; 409 once deducted. */
  deleteCaregiverCashAdvance: permissionProcedure
    .input(ZDeleteCaregiverRecordInput)
    .output(ZDeletedOutput)
    .mutation(({ ctx, input }) => records.deleteCaregiverCashAdvance({ scope: ctx.scope, input })),

  /** {caregiverId} -> CaregiverCredentialOutput[], soonest expiry first. */
  getCaregiverCredentials: permissionProcedure
    .input(ZCaregiverRecordsInput)
    .output(z.array(ZCaregiverCredentialOutput))
    .query(({ ctx, input }) => records.getCaregiverCredentials({ scope: ctx.scope, input })),
  /** {caregiverId, name, number?, issuedOn?, expiresOn?} -> CaregiverCredentialOutput. */
  createCaregiverCredential: permissionProcedure
    .input(ZCreateCaregiverCredentialInput)
    .output(ZCaregiverCredentialOutput)
    .mutation(({ ctx, input }) => records.createCaregiverCredential({ scope: ctx.scope, input })),
  /** {id, ...fields to change} -> CaregiverCredentialOutput. */
  updateCaregiverCredential: permissionProcedure
    .input(ZUpdateCaregiverCredentialInput)
    .output(ZCaregiverCredentialOutput)
    .mutation(({ ctx, input }) => records.updateCaregiverCredential({ scope: ctx.scope, input })),
  /** {id} -> {ok, id}. */
  deleteCaregiverCredential: permissionProcedure
    .input(ZDeleteCaregiverRecordInput)
    .output(ZDeletedOutput)
    .mutation(({ ctx, input }) => records.deleteCaregiverCredential({ scope: ctx.scope, input })),

  /** {caregiverId, channel?} -> {userId, username, channel, recipient, expiresAt}: a one-time link via the notifier. */
  sendCaregiverLoginLink: permissionProcedure
    .input(ZSendCaregiverLoginLinkInput)
    .output(ZCaregiverLoginLinkOutput)
    .mutation(({ ctx, input }) => login.sendCaregiverLoginLink({ scope: ctx.scope, input })),
  /** {caregiverId, password} (password policy) -> {userId, username}. */
  setCaregiverPassword: permissionProcedure
    .input(ZSetCaregiverPasswordInput)
    .output(ZCaregiverPasswordOutput)
    .mutation(({ ctx, input }) => login.setCaregiverPassword({ scope: ctx.scope, input })),
});
