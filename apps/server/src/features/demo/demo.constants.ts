import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { EvvAggregator, PayerType, RoundingRule } from '@hearth/shared/payer-sources/payer-sources.constants';

/**
 * The demo agency's three offices, in Massachusetts (America/New_York). Coordinates are WGS84 degrees. Springfield
 * has no region, so the rollup dashboard shows "No region" too.
 */
export const DEMO_BRANCHES = [
  {
    name: 'Boston',
    region: 'Eastern Massachusetts',
    addressLine1: '1 Beacon St',
    city: 'Boston',
    state: 'MA',
    zip: '02108',
    lat: 42.3588,
    lon: -71.0616,
  },
  {
    name: 'Worcester',
    region: 'Eastern Massachusetts',
    addressLine1: '455 Main St',
    city: 'Worcester',
    state: 'MA',
    zip: '01608',
    lat: 42.2626,
    lon: -71.8023,
  },
  {
    name: 'Springfield',
    addressLine1: '36 Court St',
    city: 'Springfield',
    state: 'MA',
    zip: '01103',
    lat: 42.1015,
    lon: -72.5898,
  },
] as const;

/** The demo users (README lists them): username, role, and the branches (by index) they are linked to. */
export const DEMO_USERS = [
  { username: 'developer', roleId: ROLE_IDS.developer, branches: [] },
  { username: 'companyadmin', roleId: ROLE_IDS.companyAdmin, branches: [] },
  { username: 'branchmanager', roleId: ROLE_IDS.branchManager, branches: [0] },
  { username: 'rvp', roleId: ROLE_IDS.rvp, branches: [0, 1] },
  { username: 'nurse', roleId: ROLE_IDS.nurse, branches: [0] },
  { username: 'prn', roleId: ROLE_IDS.prn, branches: [1] },
  { username: 'caregiver', roleId: ROLE_IDS.caregiver, branches: [0] },
  { username: 'client', roleId: ROLE_IDS.client, branches: [0] },
] as const;

/**
 * The demo agency's payer sources (docs/glossary.md "Payer source", "Service code", "Unit"): Massachusetts Medicaid
 * through Sandata, a Medicaid managed care plan through HHAeXchange, the VA, and private pay. Bill rates in cents per
 * unit.
 */
export const DEMO_PAYERS: {
  key: 'medicaid' | 'mco' | 'va' | 'private';
  name: string;
  payerType: PayerType;
  payerId: string | null;
  evvAggregator: EvvAggregator;
  requiresEvv: boolean;
  services: {
    serviceCode: string;
    modifiers: string[];
    description: string;
    billRateCents: number;
    unitMinutes: number;
    roundingRule: RoundingRule;
  }[];
}[] = [
  {
    key: 'medicaid',
    name: 'MassHealth',
    payerType: 'medicaid',
    payerId: 'MASSHEALTH',
    evvAggregator: 'sandata',
    requiresEvv: true,
    services: [
      {
        serviceCode: 'T1019',
        modifiers: [],
        description: 'Personal care, per 15 minutes',
        billRateCents: 752,
        unitMinutes: 15,
        roundingRule: 'cms_8_minute',
      },
      {
        serviceCode: 'S5130',
        modifiers: [],
        description: 'Homemaker, per 15 minutes',
        billRateCents: 610,
        unitMinutes: 15,
        roundingRule: 'cms_8_minute',
      },
    ],
  },
  {
    key: 'mco',
    name: 'Bay State Community Health Plan',
    payerType: 'medicaid_mco',
    payerId: 'BSCHP',
    evvAggregator: 'hhaexchange',
    requiresEvv: true,
    services: [
      {
        serviceCode: 'T1019',
        modifiers: ['U1'],
        description: 'Personal care, per 15 minutes',
        billRateCents: 775,
        unitMinutes: 15,
        roundingRule: 'cms_8_minute',
      },
      {
        serviceCode: 'S5125',
        modifiers: [],
        description: 'Attendant care, per 15 minutes',
        billRateCents: 740,
        unitMinutes: 15,
        roundingRule: 'cms_8_minute',
      },
    ],
  },
  {
    key: 'va',
    name: 'VA Community Care',
    payerType: 'va',
    payerId: 'VACCN',
    evvAggregator: 'none',
    requiresEvv: false,
    services: [
      {
        serviceCode: 'T1019',
        modifiers: [],
        description: 'Personal care, per 15 minutes',
        billRateCents: 810,
        unitMinutes: 15,
        roundingRule: 'cms_8_minute',
      },
    ],
  },
  {
    key: 'private',
    name: 'Private pay',
    payerType: 'private_pay',
    payerId: null,
    evvAggregator: 'none',
    requiresEvv: false,
    services: [
      {
        serviceCode: 'S5135',
        modifiers: [],
        description: 'Companion care, per hour',
        billRateCents: 3200,
        unitMinutes: 60,
        roundingRule: 'nearest',
      },
    ],
  },
];

/** How many demo clients and caregivers are generated. */
export const CLIENT_COUNT = 60;
export const CAREGIVER_COUNT = 40;
