import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { EVV_AGGREGATORS, PAYER_TYPES, ROUNDING_RULES } from './payer-sources.constants';

/** Optional free text: trimmed, at most `max` characters; '' becomes null (cleared). */
function optionalText(max: number) {
  return zText()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullish();
}

/** A HCPCS service code such as T1019 (one letter, four digits), uppercased (docs/glossary.md "Service code"). */
export const ZServiceCode = zText({ message: 'Service code is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]\d{4}$/, 'Service code must be a HCPCS code such as T1019');

/** A HCPCS modifier: two letters or digits, uppercased (U1, HQ, 52). */
export const ZModifier = zText()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2}$/, 'A modifier has two letters or digits');

/** The key that makes a service unique within a payer: its code and modifiers (modifier order does not matter). */
export function serviceKey(service: { serviceCode: string; modifiers: readonly string[] }): string {
  return [service.serviceCode, ...[...service.modifiers].sort()].join(' ');
}

/**
 * One service a payer pays for (issue 4 item 3, docs/glossary.md "Service code", "Unit"): HCPCS code and up to four
 * modifiers, bill rate in cents per unit (0 or more), unit length in minutes (1 to 1440), rounding rule.
 */
export const ZPayerSourceServiceFields = z.object({
  serviceCode: ZServiceCode,
  modifiers: z.array(ZModifier).max(4, 'At most 4 modifiers').default([]),
  description: optionalText(200),
  billRateCents: z
    .number({ message: 'Bill rate is required' })
    .int('Bill rate must be whole cents')
    .min(0, 'Bill rate cannot be negative')
    .max(10_000_000, 'Bill rate must be at most $100,000.00'),
  unitMinutes: z
    .number({ message: 'Unit length is required' })
    .int('Unit length must be whole minutes')
    .min(1, 'Unit length must be between 1 and 1440 minutes')
    .max(1440, 'Unit length must be between 1 and 1440 minutes')
    .default(15),
  roundingRule: z.enum(ROUNDING_RULES, { message: 'Choose a rounding rule' }).default('cms_8_minute'),
});
export type PayerSourceServiceInput = z.input<typeof ZPayerSourceServiceFields>;

/** The services of a payer: at most 100, each code + modifiers combination once. */
const ZServices = z
  .array(ZPayerSourceServiceFields)
  .max(100, 'At most 100 services')
  .superRefine((services, ctx) => {
    const seen = new Set<string>();
    services.forEach((service, i) => {
      const key = serviceKey(service);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'serviceCode'], message: `${key} is listed twice` });
      seen.add(key);
    });
  });

/**
 * The payer source form (/admin/payer-sources/{id}): name, payer type, payer id (the payer's identifier on claims),
 * EVV aggregator, whether visits need EVV, active flag, and the whole set of services. No field has a default
 * here, so the update schema built with `.partial()` leaves an omitted field unchanged.
 */
export const ZPayerSourceFields = z.object({
  name: zText({ message: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'At most 120 characters'),
  payerType: z.enum(PAYER_TYPES, { message: 'Choose a payer type' }),
  payerId: optionalText(80),
  evvAggregator: z.enum(EVV_AGGREGATORS, { message: 'Choose an EVV aggregator' }),
  requiresEvv: z.boolean(),
  isActive: z.boolean(),
  services: ZServices,
});

/**
 * Input of createPayerSource: the form (EVV aggregator defaults to none, requiresEvv to false, isActive to true,
 * services to none). The payer belongs to the caller's company; a system-level caller may name the company with
 * companyId (ignored for everyone else).
 */
export const ZCreatePayerSourceInput = ZPayerSourceFields.extend({
  evvAggregator: ZPayerSourceFields.shape.evvAggregator.default('none'),
  requiresEvv: z.boolean().default(false),
  isActive: z.boolean().default(true),
  services: ZServices.default([]),
  companyId: ZId.optional(),
});
export type CreatePayerSourceInput = z.infer<typeof ZCreatePayerSourceInput>;

/**
 * Input of updatePayerSource: {id} and the fields to change. `services`, when given, replaces the payer's services
 * as a whole set (an empty list removes them all); left out, the services stay as they are.
 */
export const ZUpdatePayerSourceInput = ZPayerSourceFields.partial().extend({ id: ZId });
export type UpdatePayerSourceInput = z.infer<typeof ZUpdatePayerSourceInput>;

/** Input of getPayerSource. */
export const ZGetPayerSourceInput = z.object({ id: ZId });

/** Input of getPayerSources (optional): activeOnly leaves out inactive payers (pickers). */
export const ZGetPayerSourcesInput = z.object({ activeOnly: z.boolean().optional() }).optional();
export type GetPayerSourcesInput = z.infer<typeof ZGetPayerSourcesInput>;

/** A service of a payer as returned (bill rate in cents per unit, unit in minutes). */
export const ZPayerSourceServiceOutput = z.object({
  id: z.number(),
  serviceCode: z.string(),
  modifiers: z.array(z.string()),
  description: z.string().nullable(),
  /** Cents per unit. */
  billRateCents: z.number(),
  /** Minutes per unit. */
  unitMinutes: z.number(),
  roundingRule: z.enum(ROUNDING_RULES),
});
export type PayerSourceServiceOutput = z.infer<typeof ZPayerSourceServiceOutput>;

/** A payer source with its services (getPayerSource, createPayerSource, updatePayerSource). */
export const ZPayerSourceDetail = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  payerType: z.enum(PAYER_TYPES),
  payerId: z.string().nullable(),
  evvAggregator: z.enum(EVV_AGGREGATORS),
  requiresEvv: z.boolean(),
  isActive: z.boolean(),
  services: z.array(ZPayerSourceServiceOutput),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  /** ISO 8601, UTC. */
  updatedAt: z.string(),
});
export type PayerSourceDetail = z.infer<typeof ZPayerSourceDetail>;

/** A row of getPayerSources. */
export const ZPayerSourceListRow = z.object({
  id: z.number(),
  name: z.string(),
  payerType: z.enum(PAYER_TYPES),
  payerId: z.string().nullable(),
  evvAggregator: z.enum(EVV_AGGREGATORS),
  requiresEvv: z.boolean(),
  isActive: z.boolean(),
  /** How many services (code + modifiers) the payer bills. */
  serviceCount: z.number(),
});
export type PayerSourceListRow = z.infer<typeof ZPayerSourceListRow>;
