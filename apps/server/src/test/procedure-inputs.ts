/**
 * Inputs for every procedure of the router, built from the procedure's own zod input schema, so a test that tries
 * "every procedure" covers a new one without anyone adding it (issue "No way around the rules": the role x
 * procedure x scope matrix and the malformed-input test).
 *
 * How: the input schema is turned into JSON Schema (zod's toJSONSchema, input side) and walked into the smallest
 * valid value: required keys only, plus every optional key that names a record (`id`, `clientId`, `caregiverIds`,
 * `shift_id`...), so a call always says which record it is about. Every record id gets the one id the caller asks
 * for (`recordId`): a test plants a record with that id in every table, so any id-bearing input points at it
 * whichever table the procedure reads. Strings honour format (date, date-time, uuid, email), enum, pattern and
 * length; a key that ends a range (`to`, `endDate`, `endTimestamp`, `before`) gets a later value than its start.
 * PROCEDURE_INPUT_OVERRIDES fixes the few inputs a schema cannot say enough about (a type name that must exist).
 *
 * Errors: sampleInput throws when a schema has a shape the walker does not know, naming the procedure and the
 * path, so an unknown shape fails the test that uses it rather than silently sending nothing.
 */
import { z } from 'zod';
import { appRouter } from '../trpc/app.router';
import { isActionGuarded } from '../trpc/init';

/** One procedure of the router: its dotted path, its kind, and whether a role must list it (permissionProcedure). */
export interface ProcedureInfo {
  path: string;
  type: 'query' | 'mutation';
  actionGuarded: boolean;
  /** The input's JSON Schema (input side), or null for a procedure without input. */
  schema: JsonSchema | null;
}

/** The subset of JSON Schema (draft 2020-12) zod emits for Hearth's inputs. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

interface ProcedureDef {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: z.ZodType[]; meta?: unknown };
}

/** Every query and mutation of the router, sorted by path. */
export function listProcedures(): ProcedureInfo[] {
  return Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>)
    .filter(([, p]) => p._def.type !== 'subscription')
    .map(([path, p]) => {
      const input = p._def.inputs[0];
      const schema = input ? (z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : null;
      return { path, type: p._def.type as 'query' | 'mutation', actionGuarded: isActionGuarded(p), schema };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Keys that name a record (or a list of records): they get the planted record's id. */
const RECORD_KEY = /(^id$|Id$|_id$|Ids$|_ids$)/;
/** Keys that end a range: their dates and times come after those of the range's start. */
const RANGE_END_KEY = /^(to|before|end|until)$|(End|_end|To|Until)(Date|Timestamp|At|Time)?$|^end/;

const DAY = '2026-11-02';
const LATER_DAY = '2026-11-08';
const INSTANT = '2026-11-02T14:00:00.000Z';
const LATER_INSTANT = '2026-11-02T16:00:00.000Z';

/** A 1x1 PNG as the signature pad sends it (a data URL). */
const SAMPLE_SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * Values a schema cannot tell: per procedure path, keys set after the walk (a type name that must exist, a view
 * the engine knows). A key set to undefined is removed.
 */
export const PROCEDURE_INPUT_OVERRIDES: Record<string, Record<string, unknown>> = {
  createClientAuthorization: { unitsPerWeek: 20 },
  updateClientAuthorization: { unitsPerWeek: 20 },
  deleteShift: { reason: 'Client in hospital' },
  saveShiftTimesheet: { checkIn: INSTANT },
  queueFileImport: { contentType: 'text/csv' },
  sendPhoneVerificationCode: { phoneNumber: '+15550100200' },
  verifyPhone: { code: '123456' },
  // An office conversation names only a branch (direct and group need people of a count the walk cannot tell).
  'chat.startConversation': { kind: 'office', userIds: [] },
  // A drawn signature is a PNG data URL; an import is a Questionnaire's JSON; a built-in is named by its key. Answers
  // (QuestionnaireResponse items) are recursive, which the walk does not follow: none.
  'careForms.complete': { signature: SAMPLE_SIGNATURE, items: [] },
  'careForms.saveInProgress': { items: [] },
  'careFormTypes.importJson': {
    json: JSON.stringify({
      resourceType: 'Questionnaire',
      title: 'Imported',
      item: [{ linkId: 'q', text: 'Q', type: 'string' }],
    }),
  },
  'careFormTypes.copyBuiltIn': { key: 'incident-report' },
  // A visit request names a visit to cancel; the office declines it (approving would need a visit still to come).
  clientAppCreateRequest: { kind: 'cancel' },
  'visitRequests.decide': { decision: 'decline', reason: 'No caregiver is free then' },
  // A statement is named by its month (YYYY-MM), a pattern the walk does not know.
  clientAppGetStatement: { month: '2026-03' },
  clientAppGetStatementPdf: { month: '2026-03' },
  // A new password meets the policy (ZPassword), which the walk cannot build from its several patterns.
  clientAppSetPassword: { newPassword: 'Sample-pass-1!' },
};

/** Keys (any procedure) whose values must name something that exists rather than match a pattern. */
const KEY_VALUES: Record<string, unknown> = {
  serviceCode: 'T1019',
  state: 'MA',
  zip: '02108',
  timezone: 'America/New_York',
  view: 'clients',
  rrule: 'FREQ=WEEKLY;BYDAY=MO',
  contentType: 'application/pdf',
  filename: 'record.pdf',
  fileName: 'clients.csv',
  password: 'Sample-pass-1!',
  startTime: '09:00',
};

/** Keys that name a role, not a planted record: roles are shared by every company (ROLE_IDS: 5 Nurse, 6 RVP). */
const ROLE_KEY_VALUES: Record<string, number> = { roleId: 5, v2RoleId: 6 };

/**
 * A valid input for `procedure` pointing at record `recordId`.
 * @param procedure from listProcedures
 * @param recordId the id every record-naming key gets (a positive 32-bit integer)
 * @returns the input value, or undefined for a procedure without input
 * @throws Error "<path>: cannot build <json path>" for a schema shape the walker does not know
 */
export function sampleInput(procedure: ProcedureInfo, recordId: number): unknown {
  if (!procedure.schema) return undefined;
  const root = procedure.schema;
  const walk = (schema: JsonSchema, key: string, where: string): unknown => {
    if (schema.$ref) {
      const name = schema.$ref.replace(/^#\/\$defs\//, '');
      const target = root.$defs?.[name];
      if (!target) throw new Error(`${procedure.path}: cannot build ${where} (unknown $ref ${schema.$ref})`);
      return walk(target, key, where);
    }
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return schema.enum[0];
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices) {
      const chosen = choices.find((c) => c.type !== 'null') ?? choices[0]!;
      return walk(chosen, key, where);
    }
    if (schema.allOf) return walk(Object.assign({}, ...schema.allOf, { allOf: undefined }) as JsonSchema, key, where);
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    if (key in KEY_VALUES && (type === 'string' || type === undefined)) return KEY_VALUES[key];
    // One address per record, so a change of email is never refused only because another call took the address.
    if (key === 'email' && type === 'string') return `sample-${recordId}@example.com`;
    if (key in ROLE_KEY_VALUES && type === 'integer') return ROLE_KEY_VALUES[key];
    switch (type) {
      case 'object':
        return objectOf(schema, where);
      case 'array': {
        const count = RECORD_KEY.test(key) ? Math.max(1, schema.minItems ?? 0) : (schema.minItems ?? 0);
        return Array.from({ length: count }, (_, i) => walk(schema.items ?? {}, key, `${where}[${i}]`));
      }
      case 'integer':
      case 'number':
        return RECORD_KEY.test(key) ? recordId : numberIn(schema);
      case 'boolean':
        return false;
      case 'string':
        return stringOf(schema, key);
      case 'null':
        return null;
      case undefined:
        return RECORD_KEY.test(key) ? recordId : 'Sample';
      default:
        throw new Error(`${procedure.path}: cannot build ${where} (type ${String(type)})`);
    }
  };
  const objectOf = (schema: JsonSchema, where: string): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    const required = new Set(schema.required ?? []);
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (!required.has(key) && !RECORD_KEY.test(key)) continue;
      if (!required.has(key) && property.default !== undefined) continue;
      out[key] = walk(property, key, `${where}.${key}`);
    }
    return out;
  };
  const value = walk(root, '', '$');
  const overrides = PROCEDURE_INPUT_OVERRIDES[procedure.path];
  if (overrides && value && typeof value === 'object') {
    const out = value as Record<string, unknown>;
    for (const [key, v] of Object.entries(overrides)) {
      if (v === undefined) delete out[key];
      else out[key] = v;
    }
  }
  return value;
}

function numberIn(schema: JsonSchema): number {
  const low = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 1);
  const value = Math.max(low, 1);
  return schema.maximum !== undefined ? Math.min(value, schema.maximum) : value;
}

function stringOf(schema: JsonSchema, key: string): string {
  const end = RANGE_END_KEY.test(key);
  switch (schema.format) {
    case 'date':
      return end ? LATER_DAY : DAY;
    case 'date-time':
      return end ? LATER_INSTANT : INSTANT;
    case 'time':
      return end ? '16:00:00' : '14:00:00';
    case 'uuid':
      return '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    case 'email':
      return 'sample@example.com';
  }
  if (schema.pattern) {
    const known = PATTERN_SAMPLES[schema.pattern];
    if (known !== undefined) return end && known === DAY ? LATER_DAY : known;
  }
  const base = 'Sample text';
  const min = schema.minLength ?? 0;
  const text = base.length >= min ? base : base.padEnd(min, 'x');
  return schema.maxLength !== undefined ? text.slice(0, Math.max(schema.maxLength, min)) : text;
}

/** Patterns of Hearth's schemas and a value each accepts. */
const PATTERN_SAMPLES: Record<string, string> = {
  '^[A-Z]\\d{4}$': 'T1019',
  '^[a-z0-9]+(-[a-z0-9]+)*$': 'clients',
  '^\\d{4}-\\d{2}-\\d{2}$': DAY,
};
