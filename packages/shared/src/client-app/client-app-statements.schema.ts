import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';

/**
 * The client app's statements (issue "client and family app" item 5): what a private-pay client owes the agency,
 * month by month, from the billing lines of the client's visits (docs/glossary.md "Billing"). A month is a calendar
 * month of the client's branch's time zone, written YYYY-MM; dates are YYYY-MM-DD in that zone; instants ISO 8601
 * UTC; money integer cents; durations minutes.
 */

/** A calendar month written YYYY-MM (months 01 to 12; years 2000 to 2999). */
export const ZStatementMonth = zText().regex(/^2\d{3}-(0[1-9]|1[0-2])$/, 'Use a month written YYYY-MM');

/** Input of clientAppGetStatement and clientAppGetStatementPdf: one month of one of the caller's clients. */
export const ZClientAppStatementInput = z.object({ clientId: ZId, month: ZStatementMonth });
export type ClientAppStatementInput = z.infer<typeof ZClientAppStatementInput>;

/** One month in the list of statements. */
export const ZClientAppStatementSummary = z.object({
  month: zText(),
  /** The month's first and last day (YYYY-MM-DD). */
  from: zText(),
  to: zText(),
  /** Visits billed in the month. */
  visits: z.number(),
  totalCents: z.number(),
  /** The month has not ended yet (the client's zone): the statement so far. */
  inProgress: z.boolean(),
});
export type ClientAppStatementSummary = z.infer<typeof ZClientAppStatementSummary>;

/**
 * Output of clientAppGetStatements: whether the client pays privately at all (a primary payer of type private_pay,
 * or a visit billed to one in the months shown), and the months with a billed visit, newest first.
 */
export const ZClientAppStatementsOutput = z.object({
  privatePay: z.boolean(),
  statements: z.array(ZClientAppStatementSummary),
});
export type ClientAppStatementsOutput = z.infer<typeof ZClientAppStatementsOutput>;

/** One billed visit on a statement. */
export const ZClientAppStatementLine = z.object({
  shiftId: z.number(),
  /** The visit's date in the client's zone (YYYY-MM-DD). */
  date: zText(),
  /** The worked span (UTC): check-in and check-out, or the scheduled times of a visit completed without them. */
  startAt: zText(),
  endAt: zText(),
  /** The service's description as the payer lists it, else its code. */
  service: zText(),
  serviceCode: zText().nullable(),
  /** The caregiver's first name only: the family knows the caregiver by it. */
  caregiverFirstName: zText().nullable(),
  minutes: z.number(),
  units: z.number(),
  /** Minutes per unit (60: hourly). */
  unitMinutes: z.number(),
  /** Cents per unit. */
  rateCents: z.number(),
  /** units x rate, in cents. */
  amountCents: z.number(),
});
export type ClientAppStatementLine = z.infer<typeof ZClientAppStatementLine>;

/** Output of clientAppGetStatement: one month's statement of a client. */
export const ZClientAppStatement = ZClientAppStatementSummary.extend({
  client: z.object({ firstName: zText(), lastName: zText() }),
  agencyName: zText(),
  branchName: zText(),
  timezone: zText(),
  lines: z.array(ZClientAppStatementLine),
  totalMinutes: z.number(),
});
export type ClientAppStatement = z.infer<typeof ZClientAppStatement>;

/** Output of clientAppGetStatementPdf: the statement as a PDF file. */
export const ZClientAppStatementPdf = z.object({
  fileName: z.string(),
  contentType: z.literal('application/pdf'),
  base64: z.string(),
});
export type ClientAppStatementPdf = z.infer<typeof ZClientAppStatementPdf>;
