/** Payer types (docs/glossary.md "Payer source"). */
export const PAYER_TYPES = ['medicaid', 'medicaid_mco', 'medicare', 'va', 'ltc_insurance', 'commercial', 'private_pay'] as const;
export type PayerType = (typeof PAYER_TYPES)[number];

export const PAYER_TYPE_LABELS: Record<PayerType, string> = {
  medicaid: 'Medicaid',
  medicaid_mco: 'Medicaid MCO',
  medicare: 'Medicare',
  va: 'VA',
  ltc_insurance: 'LTC insurance',
  commercial: 'Commercial insurance',
  private_pay: 'Private pay',
};

/** State EVV aggregators a payer's visits are exported to. */
export const EVV_AGGREGATORS = ['none', 'sandata', 'hhaexchange'] as const;
export type EvvAggregator = (typeof EVV_AGGREGATORS)[number];

export const EVV_AGGREGATOR_LABELS: Record<EvvAggregator, string> = {
  none: 'None',
  sandata: 'Sandata',
  hhaexchange: 'HHAeXchange',
};

/**
 * How minutes become billing units (docs/glossary.md "Unit"): the CMS 8-minute rule (a unit counts from 8 of 15
 * minutes), plain rounding to the nearest unit, always up, or always down.
 */
export const ROUNDING_RULES = ['cms_8_minute', 'nearest', 'up', 'down'] as const;
export type RoundingRule = (typeof ROUNDING_RULES)[number];

export const ROUNDING_RULE_LABELS: Record<RoundingRule, string> = {
  cms_8_minute: 'CMS 8-minute rule',
  nearest: 'Nearest unit',
  up: 'Always up',
  down: 'Always down',
};
