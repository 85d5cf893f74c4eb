import { pgTable, serial, text, timestamp, integer, boolean, jsonb, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { EVV_AGGREGATORS, PAYER_TYPES, ROUNDING_RULES } from '@hearth/shared/payer-sources/payer-sources.constants';
import { companies } from '../companies/companies.schema';

/** Who pays for care (docs/glossary.md "Payer source"): type, payer id, and the EVV aggregator its visits go to. */
export const payerSources = pgTable(
  'payer_sources',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    externalId: text('external_id'),
    name: text('name').notNull(),
    payerType: text('payer_type', { enum: PAYER_TYPES }).notNull(),
    payerId: text('payer_id'),
    evvAggregator: text('evv_aggregator', { enum: EVV_AGGREGATORS }).notNull().default('none'),
    requiresEvv: boolean('requires_evv').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payer_sources_company_idx').on(t.companyId, t.name),
    uniqueIndex('payer_sources_external_idx').on(t.companyId, t.externalId),
  ],
);

/**
 * A service a payer pays for: HCPCS code and modifiers, bill rate in cents per unit, unit length in minutes and
 * the rounding rule from minutes to units.
 */
export const payerSourceServices = pgTable(
  'payer_source_services',
  {
    id: serial('id').primaryKey(),
    payerSourceId: integer('payer_source_id')
      .notNull()
      .references(() => payerSources.id, { onDelete: 'cascade' }),
    serviceCode: text('service_code').notNull(),
    modifiers: jsonb('modifiers').$type<string[]>().notNull().default([]),
    description: text('description'),
    billRateCents: integer('bill_rate_cents').notNull(),
    unitMinutes: integer('unit_minutes').notNull().default(15),
    roundingRule: text('rounding_rule', { enum: ROUNDING_RULES }).notNull().default('cms_8_minute'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payer_source_services_payer_idx').on(t.payerSourceId)],
);
