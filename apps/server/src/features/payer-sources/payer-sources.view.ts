import { sql } from 'drizzle-orm';
import {
  EVV_AGGREGATORS,
  EVV_AGGREGATOR_LABELS,
  PAYER_TYPES,
  PAYER_TYPE_LABELS,
} from '@hearth/shared/payer-sources/payer-sources.constants';
import type { ViewDefinition } from '../views/views.registry';
import { payerInScope } from './payer-sources.service';

/** The payer sources list (/admin/payer-sources) as a backend view: the caller's company's payers (system: all). */
export const payerSourcesView: ViewDefinition = {
  name: 'payerSources',
  label: 'Payer sources',
  tables: ['payer_sources'],
  source: (scope) => ({ from: sql`payer_sources`, where: payerInScope(scope) }),
  id: sql`payer_sources.id`,
  optionLabel: sql`payer_sources.name`,
  columns: [
    { key: 'id', label: 'ID', type: 'number', sql: sql`payer_sources.id`, visibleByDefault: false },
    { key: 'name', label: 'Name', type: 'text', sql: sql`payer_sources.name`, searchable: true },
    {
      key: 'payerType',
      label: 'Payer type',
      type: 'enum',
      sql: sql`payer_sources.payer_type`,
      options: PAYER_TYPES.map((value) => ({ value, label: PAYER_TYPE_LABELS[value] })),
    },
    { key: 'payerId', label: 'Payer ID', type: 'text', sql: sql`payer_sources.payer_id` },
    {
      key: 'evvAggregator',
      label: 'EVV aggregator',
      type: 'enum',
      sql: sql`payer_sources.evv_aggregator`,
      options: EVV_AGGREGATORS.map((value) => ({ value, label: EVV_AGGREGATOR_LABELS[value] })),
    },
    { key: 'requiresEvv', label: 'Requires EVV', type: 'boolean', sql: sql`payer_sources.requires_evv` },
    {
      key: 'serviceCount',
      label: 'Services',
      type: 'number',
      sql: sql`(select count(*) from payer_source_services pss where pss.payer_source_id = payer_sources.id)`,
    },
    { key: 'isActive', label: 'Active', type: 'boolean', sql: sql`payer_sources.is_active` },
    { key: 'updatedAt', label: 'Updated', type: 'datetime', sql: sql`payer_sources.updated_at`, visibleByDefault: false },
  ],
  defaultSort: [{ column: 'name', direction: 'asc' }],
  rowLink: '/admin/payer-sources/{id}',
};
