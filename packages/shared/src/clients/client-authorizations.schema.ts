import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { addFieldIssues } from '../records/records.schema';
import { optionalText, ZDateString } from '../records/records.fields';
import { ZServiceCode } from '../payer-sources/payer-sources.schema';

/**
 * Inputs and outputs of the authorization procedures (issue 4 item 4): per client, a payer source, a service code
 * with up to 4 modifiers, units per week / month / total (at least one), start and end dates, authorization number.
 */

/** Up to 4 billing modifiers of two letters or digits each (U1, TT, 52), all different. */
export const ZModifiers = z
  .array(
    zText()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{2}$/, 'A modifier is two letters or digits, like U1'),
  )
  .max(4, 'At most 4 modifiers')
  .refine((m) => new Set(m).size === m.length, 'A modifier is listed twice');

const ZUnits = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be whole units`)
    .positive(`${label} must be at least 1`)
    .max(100_000, `${label} must be at most 100000`)
    .nullish();

/** An authorization's fields. */
export const ZClientAuthorizationFields = z.object({
  /** A payer source of the client's company. */
  payerSourceId: ZId,
  serviceCode: ZServiceCode,
  modifiers: ZModifiers,
  authorizationNumber: optionalText('Authorization number', 60),
  unitsPerWeek: ZUnits('Units per week'),
  unitsPerMonth: ZUnits('Units per month'),
  unitsTotal: ZUnits('Total units'),
  startDate: ZDateString,
  endDate: ZDateString,
  notes: optionalText('Notes', 2000),
});

/**
 * Rules across an authorization's fields: the end date is on or after the start date, and at least one of
 * units per week, per month or total is given.
 * @returns {field: message} for each broken rule ({} when none).
 */
export function authorizationRuleErrors(a: {
  startDate?: string;
  endDate?: string;
  unitsPerWeek?: number | null;
  unitsPerMonth?: number | null;
  unitsTotal?: number | null;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (a.startDate && a.endDate && a.endDate < a.startDate) errors.endDate = 'The end date must be on or after the start date';
  if (a.unitsPerWeek == null && a.unitsPerMonth == null && a.unitsTotal == null) {
    errors.unitsPerWeek = 'Give units per week, per month or in total';
  }
  return errors;
}

/** Input of createClientAuthorization (modifiers default to none). */
export const ZCreateClientAuthorizationInput = ZClientAuthorizationFields.partial({ modifiers: true })
  .extend({ clientId: ZId })
  .superRefine((a, ctx) => addFieldIssues(ctx, authorizationRuleErrors(a)));
export type CreateClientAuthorizationInput = z.infer<typeof ZCreateClientAuthorizationInput>;

/** Input of updateClientAuthorization: the id and the fields to change (the rules apply to the result). */
export const ZUpdateClientAuthorizationInput = ZClientAuthorizationFields.partial()
  .extend({ id: ZId })
  .superRefine((a, ctx) => {
    if (a.startDate && a.endDate && a.endDate < a.startDate) {
      addFieldIssues(ctx, { endDate: 'The end date must be on or after the start date' });
    }
  });
export type UpdateClientAuthorizationInput = z.infer<typeof ZUpdateClientAuthorizationInput>;

/** An authorization as the authorization procedures return it, with its payer source's name. */
export const ZClientAuthorizationOutput = z.object({
  id: z.number(),
  clientId: z.number(),
  payerSourceId: z.number(),
  payerSourceName: zText(),
  serviceCode: zText(),
  modifiers: z.array(zText()),
  authorizationNumber: zText().nullable(),
  unitsPerWeek: z.number().nullable(),
  unitsPerMonth: z.number().nullable(),
  unitsTotal: z.number().nullable(),
  startDate: zText(),
  endDate: zText(),
  notes: zText().nullable(),
  createdAt: zText(),
  updatedAt: zText(),
});
export type ClientAuthorizationOutput = z.infer<typeof ZClientAuthorizationOutput>;

/** A period of calendar dates, end on or after start. */
const ZPeriod = z.object({ startDate: ZDateString, endDate: ZDateString });
function periodInOrder(p: { startDate: string; endDate: string }, ctx: z.RefinementCtx) {
  if (p.endDate < p.startDate) addFieldIssues(ctx, { endDate: 'The end date must be on or after the start date' });
}

/**
 * Input of getClientAuthorizationMatch: the client, the payer source and the dates to cover; serviceCode,
 * when given, narrows the match to that code.
 */
export const ZGetClientAuthorizationMatchInput = ZPeriod.extend({
  clientId: ZId,
  payerSourceId: ZId,
  serviceCode: ZServiceCode.optional(),
}).superRefine(periodInOrder);
export type GetClientAuthorizationMatchInput = z.infer<typeof ZGetClientAuthorizationMatchInput>;

/** Input of getClientAuthMetrics: the client and the period (at most 366 days). */
export const ZGetClientAuthMetricsInput = ZPeriod.extend({ clientId: ZId }).superRefine((p, ctx) => {
  periodInOrder(p, ctx);
  const days = (Date.parse(p.endDate) - Date.parse(p.startDate)) / 86_400_000;
  if (days > 366) addFieldIssues(ctx, { endDate: 'The period must be at most 366 days' });
});
export type GetClientAuthMetricsInput = z.infer<typeof ZGetClientAuthMetricsInput>;

/** Units of one authorization within a period (see authorizedUnits in authorization-units.ts for the rule). */
export const ZClientAuthMetric = z.object({
  authorizationId: z.number(),
  payerSourceId: z.number(),
  payerSourceName: zText(),
  serviceCode: zText(),
  modifiers: z.array(zText()),
  startDate: zText(),
  endDate: zText(),
  authorized: z.number(),
  scheduled: z.number(),
  used: z.number(),
  remaining: z.number(),
});
export type ClientAuthMetric = z.infer<typeof ZClientAuthMetric>;

/** A payer and service code pair usable for scheduling the client (getClientAuthorizationCodeCombos). */
export const ZClientAuthorizationCodeCombo = z.object({
  payerSourceId: z.number(),
  payerSourceName: zText(),
  serviceCode: zText(),
  modifiers: z.array(zText()),
});
export type ClientAuthorizationCodeCombo = z.infer<typeof ZClientAuthorizationCodeCombo>;
