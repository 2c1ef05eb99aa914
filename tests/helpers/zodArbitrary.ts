import fc from 'fast-check';
import { z } from 'zod/mini';

/**
 * fast-check arbitraries derived from the contract's zod (mini) schemas by walking their internals
 * (`_zod.def`). `inputFor(schema)` mixes, at every node, a value the schema describes, a boundary
 * value of the same kind and a hostile one of any kind, so one generator yields valid requests,
 * almost-valid ones and attacks. A schema kind it does not know yields arbitrary JSON, so a new
 * kind of field is still fuzzed rather than skipped.
 */

type Schema = z.core.$ZodType;

interface Def {
  readonly type: string;
  readonly checks?: readonly { readonly _zod: { readonly def: CheckDef } }[];
  readonly [key: string]: unknown;
}

interface CheckDef {
  readonly check: string;
  readonly format?: string;
  readonly pattern?: RegExp;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly value?: number;
  readonly inclusive?: boolean;
}

const defOf = (schema: Schema): Def => schema._zod.def as unknown as Def;
const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((check) => check._zod.def);
const isValid = (schema: Schema, value: unknown): boolean => z.safeParse(schema, value).success;

/** A fresh object with an own `__proto__` key (a literal would set the prototype instead). */
const protoPayload = (): unknown => JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}');

/** Names a huge value in fast-check's reports instead of printing it (which would also overflow the stack). */
function labelled<T extends object>(value: T, label: string): T {
  Object.defineProperty(value, fc.toStringMethod, { value: () => label, enumerable: false });
  return value;
}

/**
 * JSON kept as text: nesting thousands deep overflows the stack of JSON.stringify (not of the
 * server's JSON.parse), so such a value travels as its text. Serialise with {@link toJsonText}.
 */
export class RawJson {
  constructor(readonly text: string, private readonly label: string) {}
  [fc.toStringMethod](): string {
    return this.label;
  }
}

const nested = (depth: number, kind: 'array' | 'object'): RawJson =>
  new RawJson(kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, `<${kind} nested ${depth} deep>`);

/** JSON text of a generated value, with {@link RawJson} parts inlined; undefined where JSON has no value. */
export function toJsonText(value: unknown): string | undefined {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => toJsonText(item) ?? 'null').join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value)
      .map(([key, item]) => [key, toJsonText(item)] as const)
      .filter((member): member is readonly [string, string] => member[1] !== undefined)
      .map(([key, text]) => `${JSON.stringify(key)}:${text}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

const hostileConstants: readonly unknown[] = [
  '\u0000', 'a\u0000b', '\ud800', 'x\udfff', '', ' ', '\t\n', '0x1F', '1e3', ' 31', '031', '+31', '31.0', '-1', '0',
  'NaN', 'Infinity', '2147483648', '99999999999999999999', '../../etc/passwd', '%00', '<script>alert(1)</script>',
  "' OR '1'='1", '\u202e', '😀', 'null', 'true', '[]', '{}',
  2147483647, 2147483648, -2147483649, 4294967296, 2 ** 53, 2 ** 53 + 2, -1, 0, 1.5, -0, 1e308, -1e308, 5e-324,
  null, true, false, [], {}, [null], { a: 1 }, undefined,
];

/**
 * Values of any type that no field should choke on. The heavy ones (100k characters or items,
 * nesting 5000 deep) are rare: each costs real time to send and parse.
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...hostileConstants), weight: 12 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 3 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.constant(null).map(protoPayload), weight: 2 },
  { arbitrary: fc.constantFrom(1_000, 100_000).map((n) => 'a'.repeat(n)), weight: 1 },
  { arbitrary: fc.constantFrom('array' as const, 'object' as const).map((kind) => nested(5000, kind)), weight: 1 },
  { arbitrary: fc.constantFrom(1, 'a').map((item) => labelled(Array<unknown>(100_000).fill(item), `<100000 × ${JSON.stringify(item)}>`)), weight: 1 },
);

function stringChecks(def: Def): { min: number; max: number; patterns: RegExp[]; format: string | undefined } {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  const patterns: RegExp[] = [];
  const format = typeof def.format === 'string' ? def.format : undefined;
  if (def.pattern instanceof RegExp && format !== 'url') patterns.push(def.pattern);
  for (const check of checksOf(def)) {
    if (check.check === 'min_length' && check.minimum !== undefined) min = Math.max(min, check.minimum);
    if (check.check === 'max_length' && check.maximum !== undefined) max = Math.min(max, check.maximum);
    if (check.check === 'length_equals' && check.value !== undefined) min = max = check.value;
    if (check.check === 'string_format' && check.pattern instanceof RegExp) patterns.push(check.pattern);
  }
  return { min, max, patterns, format };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Wall-clock date-times around today, in the contract's formats. */
function dateTimeArbitrary(def: Def): fc.Arbitrary<string> {
  const now = Date.now();
  const year = 365 * 24 * 3600 * 1000;
  return fc.date({ min: new Date(now - 2 * year), max: new Date(now + 2 * year), noInvalidDate: true }).map((date) => {
    const local = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
    return def.local === true ? local : `${local}Z`;
  });
}

/** Strings matching the pattern, or undefined when fast-check cannot generate from it (a lookahead). */
function matchingString(pattern: RegExp, max: number): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(pattern).map((value) => (value.length > max ? value.slice(0, max) : value));
  } catch {
    return undefined;
  }
}

function validString(schema: Schema, def: Def): fc.Arbitrary<string> {
  const { min, max, patterns, format } = stringChecks(def);
  const upper = Math.min(max, Math.max(min, 40));
  if (format === 'datetime') return dateTimeArbitrary(def);
  if (format === 'url') return fc.webUrl({ validSchemes: ['https', 'http'] }).filter((url) => url.length <= max);
  const pattern = patterns.at(-1);
  if (pattern) {
    // Small numbers first: ids that exist in the seeded database reach deeper code.
    const small = Array.from({ length: 60 }, (_, i) => String(i + 1)).filter((candidate) => isValid(schema, candidate));
    const matching = matchingString(pattern, max) ?? fc.string({ minLength: min, maxLength: upper });
    return small.length > 0 ? fc.oneof(fc.constantFrom(...small), matching) : matching;
  }
  return fc.oneof(
    fc.string({ minLength: min, maxLength: upper }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: upper }),
  );
}

function boundaryString(def: Def): fc.Arbitrary<unknown> {
  const { min, max } = stringChecks(def);
  const lengths = [0, 1, min, Math.max(0, min - 1), ...(Number.isFinite(max) ? [max, max + 1] : [10_000])];
  return fc.oneof(
    fc.constantFrom(...lengths).map((length) => 'a'.repeat(length)),
    fc.constantFrom(' ', '  padded  ', 'é', 'e\u0301', '\u{1f600}', '\u00a0', '\r\n'),
  );
}

function numberBounds(def: Def): { min: number; max: number; isInt: boolean } {
  const isInt = def.format === 'safeint' || def.format === 'int32';
  let min = isInt ? Number.MIN_SAFE_INTEGER : -1e9;
  let max = isInt ? Number.MAX_SAFE_INTEGER : 1e9;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than' && check.value !== undefined) min = Math.max(min, check.value + (check.inclusive ? 0 : isInt ? 1 : 1e-9));
    if (check.check === 'less_than' && check.value !== undefined) max = Math.min(max, check.value - (check.inclusive ? 0 : isInt ? 1 : 1e-9));
  }
  return { min, max, isInt };
}

function validNumber(def: Def): fc.Arbitrary<number> {
  const { min, max, isInt } = numberBounds(def);
  if (!isInt) return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(fc.integer({ min, max: Math.min(max, min + 60) }), fc.integer({ min, max }));
}

function boundaryNumber(def: Def): fc.Arbitrary<unknown> {
  const { min, max } = numberBounds(def);
  return fc.constantFrom(min, max, min - 1, max + 1, 0, -1, 1.5, 2147483647, 2147483648, 2 ** 53, -(2 ** 31) - 1);
}

/** Values the schema describes (roughly: patterns and formats are followed, refinements are not). */
export function validFor(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return validString(schema, def);
    case 'number':
      return validNumber(def);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'optional':
    case 'default':
      return fc.option(inputFor(def.innerType as Schema, depth + 1), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inputFor(def.innerType as Schema, depth + 1), { nil: null, freq: 4 });
    case 'pipe': {
      // A pipe that starts with a transform (a form field read as a list) is described by its output.
      const input = def.in as Schema;
      return validFor(defOf(input).type === 'transform' ? (def.out as Schema) : input, depth);
    }
    case 'object':
      return objectFor(def, depth);
    case 'array':
      return arrayFor(def, depth);
    case 'record':
      return fc.dictionary(
        validFor(def.keyType as Schema, depth + 1).map(String),
        inputFor(def.valueType as Schema, depth + 1),
        { maxKeys: 4 },
      );
    case 'union':
      return fc.oneof(...(def.options as Schema[]).map((option) => validFor(option, depth + 1)));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectFor(def: Def, depth: number): fc.Arbitrary<unknown> {
  const shape = def.shape as Record<string, Schema>;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const [key, child] of Object.entries(shape)) {
    model[key] = inputFor(child, depth + 1);
    const kind = defOf(child).type;
    if (kind !== 'optional' && kind !== 'default') required.push(key);
  }
  const base = fc.record(model, { requiredKeys: required });
  const extras = fc.oneof(
    { arbitrary: fc.constant({}), weight: 8 },
    { arbitrary: fc.constant(null).map(protoPayload), weight: 1 },
    { arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }), weight: 1 },
  );
  // Spread defines own properties, so an extra `__proto__` key stays a plain key, as JSON.parse makes it.
  return fc.tuple(base, extras).map(([value, extra]) => ({ ...(extra as object), ...value }));
}

function arrayFor(def: Def, depth: number): fc.Arbitrary<unknown> {
  let min = 0;
  let max = 5;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length' && check.minimum !== undefined) min = check.minimum;
    if (check.check === 'max_length' && check.maximum !== undefined) max = Math.min(check.maximum, Math.max(min, 5));
  }
  return fc.array(inputFor(def.element as Schema, depth + 1), { minLength: min, maxLength: Math.max(min, max) });
}

/** Boundary values of the schema's own kind. */
export function boundaryFor(schema: Schema): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return boundaryString(def);
    case 'number':
      return boundaryNumber(def);
    case 'optional':
    case 'nullable':
    case 'default':
      return fc.oneof(fc.constantFrom(undefined, null), boundaryFor(def.innerType as Schema));
    case 'pipe':
      return boundaryFor(defOf(def.in as Schema).type === 'transform' ? (def.out as Schema) : (def.in as Schema));
    case 'array':
      return fc.oneof(fc.constant([]), fc.array(validFor(def.element as Schema, 9), { minLength: 1001, maxLength: 1001 }));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>).map((v) => `${String(v).toLowerCase()} `));
    default:
      return fc.constantFrom(undefined, null, {}, []);
  }
}

/**
 * Any input for the schema: mostly valid, sometimes a boundary value, sometimes hostile. Below a
 * few levels everything is valid, so values stay small.
 */
export function inputFor(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return validFor(schema, depth);
  return fc.oneof(
    { arbitrary: validFor(schema, depth), weight: 6 },
    { arbitrary: boundaryFor(schema), weight: 2 },
    { arbitrary: hostileValue, weight: 1 },
    ...(defOf(schema).type === 'string' ? [{ arbitrary: poisoned(validFor(schema, depth)), weight: 1 }] : []),
  );
}

/** Characters a database or a parser may choke on, hidden inside an otherwise valid string. */
const poisons = ['\u0000', '\u0000', '\u0000', '\ud800', '\udfff', '\u202e', '\uffff', '%00', "'", '\\'] as const;

function poisoned(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.tuple(valid.map(String), fc.constantFrom(...poisons), fc.nat()).map(([text, poison, at]) => {
    const cut = text.length === 0 ? 0 : at % (text.length + 1);
    return `${text.slice(0, cut)}${poison}${text.slice(cut)}`;
  });
}
