import type { z } from 'zod';
import { appRouter } from '../trpc/app.router';

/**
 * Inputs for the malformed-input test (issue 28 "No answer of 500 to bad input"), generated from the router so a new
 * procedure is covered without anyone adding it:
 * - `routerProcedures()`: every procedure of the app router with its kind and its zod input (inputs merged).
 * - `sampleInput(schema)`: a valid-shaped input built by walking the zod schema; each leaf takes the first of a few
 *   candidate values its own schema accepts, so a mutated field is the only thing at fault in a variant.
 * - `malformedVariants(sample)`: the bad values of the issue applied to each field of the sample in turn.
 */

type Schema = z.ZodType;

interface Def {
  type: string;
  [key: string]: unknown;
}

function defOf(schema: Schema): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

export interface RouterProcedure {
  path: string;
  kind: 'query' | 'mutation';
  /** The procedure's input schema, or null when it takes none. */
  input: Schema | null;
}

/** Every query and mutation of the app router (subscriptions are left out: they are not called over HTTP POST/GET). */
export function routerProcedures(): RouterProcedure[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string; inputs: Schema[] } }>;
  const out: RouterProcedure[] = [];
  for (const [path, procedure] of Object.entries(procedures)) {
    const kind = procedure._def.type;
    if (kind !== 'query' && kind !== 'mutation') continue;
    const inputs = procedure._def.inputs;
    out.push({ path, kind, input: inputs.length === 0 ? null : (inputs[inputs.length - 1] ?? null) });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

const STRING_CANDIDATES = [
  'Test',
  '2025-01-15',
  '2025-01-15T14:00:00.000Z',
  '09:00',
  'test@example.com',
  'T1019',
  '12345',
  '(555) 123-4567',
  '00000000-0000-4000-8000-000000000001',
  'America/New_York',
  'https://example.com/a',
  'TX',
  '1234567890',
  'A',
  'abcdefghijklmnop',
  'Test1234!Test1234!',
];
const NUMBER_CANDIDATES = [1, 60, 0, 100, 2025, 0.5, 40.7, -74, -1];

function accepts(schema: Schema, value: unknown): boolean {
  return (schema as unknown as { safeParse(v: unknown): { success: boolean } }).safeParse(value).success;
}

/** A value the schema accepts where one can be found by walking it; the closest guess otherwise. */
export function sampleInput(schema: Schema, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 8) return undefined;
  switch (def.type) {
    case 'string':
      return STRING_CANDIDATES.find((v) => accepts(schema, v)) ?? 'Test';
    case 'number':
    case 'int':
      return NUMBER_CANDIDATES.find((v) => accepts(schema, v)) ?? 1;
    case 'bigint':
      return 1;
    case 'boolean':
      return true;
    case 'date':
      return '2025-01-15T14:00:00.000Z';
    case 'null':
      return null;
    case 'undefined':
    case 'void':
      return undefined;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sampleInput(def.innerType as Schema, depth + 1);
    case 'lazy':
      return sampleInput((def.getter as () => Schema)(), depth + 1);
    case 'pipe':
      return sampleInput(def.in as Schema, depth + 1);
    case 'array': {
      const min = (def.checks as { _zod: { def: { check: string; minimum?: number } } }[] | undefined)?.find(
        (c) => c._zod.def.check === 'min_length',
      )?._zod.def.minimum;
      return Array.from({ length: Math.max(1, min ?? 1) }, () => sampleInput(def.element as Schema, depth + 1));
    }
    case 'tuple':
      return (def.items as Schema[]).map((item) => sampleInput(item, depth + 1));
    case 'record':
      return { [String(sampleInput(def.keyType as Schema, depth + 1))]: sampleInput(def.valueType as Schema, depth + 1) };
    case 'union': {
      const options = (def.options as Schema[]).map((o) => sampleInput(o, depth + 1));
      return options.find((v) => accepts(schema, v)) ?? options[0];
    }
    case 'intersection':
      return {
        ...(sampleInput(def.left as Schema, depth + 1) as object),
        ...(sampleInput(def.right as Schema, depth + 1) as object),
      };
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const full: Record<string, unknown> = {};
      const required: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape)) {
        const value = sampleInput(field, depth + 1);
        if (value === undefined) continue;
        full[key] = value;
        if (!accepts(field, undefined)) required[key] = value;
      }
      if (accepts(schema, full)) return full;
      return accepts(schema, required) ? required : full;
    }
    default:
      return 'Test';
  }
}

/**
 * The sample of an object input with its required fields only (an update with only its id, the probe's
 * `updateClientAddress {id}`); undefined when the input is not an object or has no optional field.
 */
export function requiredOnlySample(schema: Schema): unknown {
  let def = defOf(schema);
  while (def.type === 'pipe' || def.type === 'optional' || def.type === 'default')
    def = defOf((def.type === 'pipe' ? def.in : def.innerType) as Schema);
  if (def.type !== 'object') return undefined;
  const shape = def.shape as Record<string, Schema>;
  const out: Record<string, unknown> = {};
  let dropped = false;
  for (const [key, field] of Object.entries(shape)) {
    if (accepts(field, undefined)) dropped = true;
    else out[key] = sampleInput(field);
  }
  return dropped ? out : undefined;
}

/** One malformed call: what is at fault and the input sent. */
export interface Variant {
  label: string;
  input: unknown;
}

/** The bad values, per kind of leaf. `longText` is the over-long string (1 MB for POST, less in a URL). */
function badLeafValues(value: unknown, longText: string): { label: string; value: unknown }[] {
  if (typeof value === 'number')
    return [
      { label: 'id 2^31', value: 2 ** 31 },
      { label: '1e20', value: 1e20 },
      { label: 'string for number', value: 'abc' },
      { label: 'null', value: null },
    ];
  if (typeof value === 'string')
    return [
      { label: 'NUL byte', value: `a\u0000b` },
      { label: 'long text', value: longText },
      { label: 'number for string', value: 12345 },
      { label: 'impossible date', value: '2025-02-30' },
      { label: 'null', value: null },
    ];
  if (typeof value === 'boolean') return [{ label: 'string for boolean', value: 'yes' }];
  if (Array.isArray(value)) return [{ label: 'object for array', value: {} }];
  if (value && typeof value === 'object') return [{ label: 'array for object', value: [] }];
  return [];
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(root)) return root.map((item, i) => (i === head ? setAt(item, rest, value) : item));
  const obj = root as Record<string, unknown>;
  return { ...obj, [head as string]: setAt(obj[head as string], rest, value) };
}

function omitAt(root: unknown, path: (string | number)[]): unknown {
  const [head, ...rest] = path;
  if (rest.length === 0) {
    const { [head as string]: _omitted, ...others } = root as Record<string, unknown>;
    return others;
  }
  if (Array.isArray(root)) return root.map((item, i) => (i === head ? omitAt(item, rest) : item));
  const obj = root as Record<string, unknown>;
  return { ...obj, [head as string]: omitAt(obj[head as string], rest) };
}

function walkLeaves(value: unknown, path: (string | number)[], visit: (path: (string | number)[], value: unknown) => void) {
  visit(path, value);
  if (Array.isArray(value)) value.forEach((item, i) => walkLeaves(item, [...path, i], visit));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) walkLeaves(item, [...path, key], visit);
}

/**
 * The malformed variants of a sample input: the whole input as null, a string, an array, an empty object and with an
 * unknown key added; then for every field, each bad value of its kind (ids of 2^31 and 1e20, a NUL byte, an over-long
 * text, the wrong type, '2025-02-30', null) and the field left out. The over-long text is `longText.first` in the
 * first text field and `longText.rest` (shorter, to keep the calls quick) in the others.
 */
export function malformedVariants(sample: unknown, longText: { first: string; rest: string }): Variant[] {
  let longTextsUsed = 0;
  const variants: Variant[] = [
    { label: 'input null', input: null },
    { label: 'input a string', input: 'abc' },
    { label: 'input an array', input: [] },
    { label: 'input {}', input: {} },
  ];
  if (sample && typeof sample === 'object' && !Array.isArray(sample))
    variants.push({ label: 'unknown key', input: { ...sample, zzUnknownKey: 'x' } });
  walkLeaves(sample, [], (path, value) => {
    if (path.length === 0) return;
    const at = path.join('.');
    const long = typeof value === 'string' && longTextsUsed++ > 0 ? longText.rest : longText.first;
    for (const bad of badLeafValues(value, long))
      variants.push({ label: `${at}: ${bad.label}`, input: setAt(sample, path, bad.value) });
    if (typeof path[path.length - 1] === 'string') variants.push({ label: `${at}: missing`, input: omitAt(sample, path) });
  });
  return variants;
}
