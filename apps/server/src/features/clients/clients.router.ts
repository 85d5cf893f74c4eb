import { z } from 'zod';
import { ZClientIdInput } from '@hearth/shared/clients/clients.schema';
import { ZIdInput } from '@hearth/shared/records/records.fields';
import {
  ZClientAddressOutput,
  ZClientContactOutput,
  ZClientJournalEntryOutput,
  ZClientOutput,
  ZCreateClientAddressInput,
  ZCreateClientContactInput,
  ZCreateClientInput,
  ZCreateClientJournalEntryInput,
  ZCreateNurseAssessmentInput,
  ZLoginLinkOutput,
  ZNurseAssessmentOutput,
  ZSendClientContactLoginLinkInput,
  ZSendClientLoginLinkInput,
  ZUpdateClientAddressInput,
  ZUpdateClientContactInput,
  ZUpdateClientInput,
  ZUpdateClientJournalEntryInput,
  ZUpdateNurseAssessmentInput,
} from '@hearth/shared/clients/clients.schema';
import {
  ZClientAuthMetric,
  ZClientAuthorizationCodeCombo,
  ZClientAuthorizationOutput,
  ZCreateClientAuthorizationInput,
  ZGetClientAuthMetricsInput,
  ZGetClientAuthorizationMatchInput,
  ZUpdateClientAuthorizationInput,
} from '@hearth/shared/clients/client-authorizations.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as clientsService from './clients.service';
import * as addresses from '../records/records.addresses.service';
import * as journal from '../records/records.journal.service';
import { CLIENT_ADDRESSES, CLIENT_JOURNAL } from './clients.records';
import * as contacts from './clients-contacts.service';
import * as authorizations from './clients-authorizations.service';
import * as assessments from './clients-assessments.service';
import * as loginLinks from './clients-login-links.service';

/** What a delete answers: the id of the deleted record. */
const ZDeleted = z.object({ id: z.number() });

/**
 * The client procedures (spec section 7 "Client", issue 4 items 1 and 4). Every one finds the client in the
 * caller's branch scope: another branch's client or record is 404, as a missing one. Outputs are declared, so
 * personal data leaves as a whitelist of fields.
 */
export const clientsRouter = router({
  /** One client {id} -> ClientOutput. */
  getClient: permissionProcedure
    .input(ZIdInput)
    .output(ZClientOutput)
    .query(({ ctx, input }) => clientsService.readClient({ scope: ctx.scope, input })),
  /** Creates a client in a branch in scope -> ClientOutput. */
  createClient: permissionProcedure
    .input(ZCreateClientInput)
    .output(ZClientOutput)
    .mutation(({ ctx, input }) => clientsService.createClient({ scope: ctx.scope, input })),
  /** Edits a client {id, ...fields to change}, status included (no hard delete) -> ClientOutput. */
  updateClient: permissionProcedure
    .input(ZUpdateClientInput)
    .output(ZClientOutput)
    .mutation(({ ctx, input }) => clientsService.updateClient({ scope: ctx.scope, input })),

  /** A client's addresses {clientId}, primary first -> ClientAddressOutput[]. */
  getClientAddresses: permissionProcedure
    .input(ZClientIdInput)
    .output(z.array(ZClientAddressOutput))
    .query(({ ctx, input }) => addresses.getAddresses(CLIENT_ADDRESSES, { scope: ctx.scope, input })),
  /** Adds an address {clientId, ...} -> ClientAddressOutput. */
  createClientAddress: permissionProcedure
    .input(ZCreateClientAddressInput)
    .output(ZClientAddressOutput)
    .mutation(({ ctx, input }) => addresses.createAddress(CLIENT_ADDRESSES, { scope: ctx.scope, input })),
  /** Edits an address {id, ...fields to change} -> ClientAddressOutput. */
  updateClientAddress: permissionProcedure
    .input(ZUpdateClientAddressInput)
    .output(ZClientAddressOutput)
    .mutation(({ ctx, input }) => addresses.updateAddress(CLIENT_ADDRESSES, { scope: ctx.scope, input })),
  /** Deletes an address {id} -> {id}. */
  deleteClientAddress: permissionProcedure
    .input(ZIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => addresses.deleteAddress(CLIENT_ADDRESSES, { scope: ctx.scope, input })),

  /** A client's contacts {clientId}, emergency contacts first -> ClientContactOutput[]. */
  getClientContacts: permissionProcedure
    .input(ZClientIdInput)
    .output(z.array(ZClientContactOutput))
    .query(({ ctx, input }) => contacts.getClientContacts({ scope: ctx.scope, input })),
  /** Adds a contact {clientId, ...} -> ClientContactOutput. */
  createClientContact: permissionProcedure
    .input(ZCreateClientContactInput)
    .output(ZClientContactOutput)
    .mutation(({ ctx, input }) => contacts.createClientContact({ scope: ctx.scope, input })),
  /** Edits a contact {id, ...fields to change} -> ClientContactOutput. */
  updateClientContact: permissionProcedure
    .input(ZUpdateClientContactInput)
    .output(ZClientContactOutput)
    .mutation(({ ctx, input }) => contacts.updateClientContact({ scope: ctx.scope, input })),
  /** Deletes a contact {id} -> {id}. */
  deleteClientContact: permissionProcedure
    .input(ZIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => contacts.deleteClientContact({ scope: ctx.scope, input })),

  /** A client's authorizations {clientId}, latest start first -> ClientAuthorizationOutput[]. */
  getClientAuthorizations: permissionProcedure
    .input(ZClientIdInput)
    .output(z.array(ZClientAuthorizationOutput))
    .query(({ ctx, input }) => authorizations.getClientAuthorizations({ scope: ctx.scope, input })),
  /** Adds an authorization {clientId, payerSourceId, serviceCode, ...} -> ClientAuthorizationOutput. */
  createClientAuthorization: permissionProcedure
    .input(ZCreateClientAuthorizationInput)
    .output(ZClientAuthorizationOutput)
    .mutation(({ ctx, input }) => authorizations.createClientAuthorization({ scope: ctx.scope, input })),
  /** Edits an authorization {id, ...fields to change} -> ClientAuthorizationOutput. */
  updateClientAuthorization: permissionProcedure
    .input(ZUpdateClientAuthorizationInput)
    .output(ZClientAuthorizationOutput)
    .mutation(({ ctx, input }) => authorizations.updateClientAuthorization({ scope: ctx.scope, input })),
  /** Deletes an authorization {id} -> {id}. */
  deleteClientAuthorization: permissionProcedure
    .input(ZIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => authorizations.deleteClientAuthorization({ scope: ctx.scope, input })),
  /** The authorization covering {clientId, payerSourceId, startDate, endDate, serviceCode?} -> one or null. */
  getClientAuthorizationMatch: permissionProcedure
    .input(ZGetClientAuthorizationMatchInput)
    .output(ZClientAuthorizationOutput.nullable())
    .query(({ ctx, input }) => authorizations.getClientAuthorizationMatch({ scope: ctx.scope, input })),
  /** Units per authorization in {clientId, startDate, endDate} -> ClientAuthMetric[]. */
  getClientAuthMetrics: permissionProcedure
    .input(ZGetClientAuthMetricsInput)
    .output(z.array(ZClientAuthMetric))
    .query(({ ctx, input }) => authorizations.getClientAuthMetrics({ scope: ctx.scope, input })),
  /** Payer and service code pairs of current authorizations {clientId} -> ClientAuthorizationCodeCombo[]. */
  getClientAuthorizationCodeCombos: permissionProcedure
    .input(ZClientIdInput)
    .output(z.array(ZClientAuthorizationCodeCombo))
    .query(({ ctx, input }) => authorizations.getClientAuthorizationCodeCombos({ scope: ctx.scope, input })),

  /** A client's journal entries {clientId}, newest first -> ClientJournalEntryOutput[]. */
  getClientJournalEntries: permissionProcedure
    .input(ZClientIdInput)
    .output(z.array(ZClientJournalEntryOutput))
    .query(({ ctx, input }) => journal.getJournalEntries(CLIENT_JOURNAL, { scope: ctx.scope, input })),
  /** Adds a note {clientId, entryDate, subject, body}; the author is the caller -> ClientJournalEntryOutput. */
  createClientJournalEntry: permissionProcedure
    .input(ZCreateClientJournalEntryInput)
    .output(ZClientJournalEntryOutput)
    .mutation(({ ctx, input }) => journal.createJournalEntry(CLIENT_JOURNAL, { scope: ctx.scope, input })),
  /** Edits a note {id, ...fields to change} -> ClientJournalEntryOutput. */
  updateClientJournalEntry: permissionProcedure
    .input(ZUpdateClientJournalEntryInput)
    .output(ZClientJournalEntryOutput)
    .mutation(({ ctx, input }) => journal.updateJournalEntry(CLIENT_JOURNAL, { scope: ctx.scope, input })),
  /** Deletes a note {id} -> {id}. */
  deleteClientJournalEntry: permissionProcedure
    .input(ZIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => journal.deleteJournalEntry(CLIENT_JOURNAL, { scope: ctx.scope, input })),

  /** A client's nurse assessments {clientId}, latest first -> NurseAssessmentOutput[]. */
  getNurseAssessments: permissionProcedure
    .input(ZClientIdInput)
    .output(z.array(ZNurseAssessmentOutput))
    .query(({ ctx, input }) => assessments.getNurseAssessments({ scope: ctx.scope, input })),
  /** Records an assessment {clientId, assessmentType, assessedOn, ...}; the nurse is the caller -> NurseAssessmentOutput. */
  createNurseAssessment: permissionProcedure
    .input(ZCreateNurseAssessmentInput)
    .output(ZNurseAssessmentOutput)
    .mutation(({ ctx, input }) => assessments.createNurseAssessment({ scope: ctx.scope, input })),
  /** Edits an assessment {id, ...fields to change} -> NurseAssessmentOutput. */
  updateNurseAssessment: permissionProcedure
    .input(ZUpdateNurseAssessmentInput)
    .output(ZNurseAssessmentOutput)
    .mutation(({ ctx, input }) => assessments.updateNurseAssessment({ scope: ctx.scope, input })),

  /** Sends the client a one-time sign-in link {clientId} -> {userId, recipient, expiresAt}. */
  sendClientLoginLink: permissionProcedure
    .input(ZSendClientLoginLinkInput)
    .output(ZLoginLinkOutput)
    .mutation(({ ctx, input }) => loginLinks.sendClientLoginLink({ scope: ctx.scope, input })),
  /** Sends a contact with portal access a one-time sign-in link {contactId} -> {userId, recipient, expiresAt}. */
  sendClientContactLoginLink: permissionProcedure
    .input(ZSendClientContactLoginLinkInput)
    .output(ZLoginLinkOutput)
    .mutation(({ ctx, input }) => loginLinks.sendClientContactLoginLink({ scope: ctx.scope, input })),
});
