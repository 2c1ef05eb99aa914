import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { allRoutes, maxRowId } from '../../../src/shared/contract/index.js';
import { validFor } from '../../helpers/zodArbitrary.js';

type Schema = z.core.$ZodType;
interface Leaf {
  readonly path: string;
  readonly schema: Schema;
  readonly kind: 'string' | 'number';
}

/** Every string and number a client can send: the leaves of params, query, body and form fields. */
function leavesOf(schema: Schema, path: string, out: Leaf[] = []): Leaf[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'string':
    case 'number':
      out.push({ path, schema, kind: def.type });
      break;
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, Schema>)) leavesOf(child, `${path}.${key}`, out);
      if (def.catchall) leavesOf(def.catchall as Schema, `${path}.*`, out);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
      leavesOf(def.innerType as Schema, path, out);
      break;
    case 'array':
      leavesOf(def.element as Schema, `${path}[]`, out);
      break;
    case 'record':
      leavesOf(def.keyType as Schema, `${path}{key}`, out);
      leavesOf(def.valueType as Schema, `${path}{value}`, out);
      break;
    case 'union':
      (def.options as Schema[]).forEach((option, i) => leavesOf(option, `${path}|${i}`, out));
      break;
    case 'pipe': {
      const input = def.in as Schema;
      // A pipe reading text into a number is checked as the text it receives.
      leavesOf((input._zod.def as { type: string }).type === 'transform' ? (def.out as Schema) : input, path, out);
      break;
    }
    default:
      break;
  }
  return out;
}

const inputLeaves = allRoutes.flatMap((route) =>
  (['params', 'query', 'body', 'multipart'] as const).flatMap((part) => {
    const schema = route[part];
    return schema ? leavesOf(schema, `${route.id} ${part}`) : [];
  }),
);

const refuses = (schema: Schema, value: unknown): boolean => !z.safeParse(schema, value).success;

describe('every request field of the contract is bounded and storable', () => {
  it('finds the fields', () => {
    expect(inputLeaves.filter((leaf) => leaf.kind === 'string').length).toBeGreaterThan(30);
    expect(inputLeaves.some((leaf) => leaf.kind === 'number')).toBe(true);
  });

  const strings = inputLeaves.filter((leaf) => leaf.kind === 'string');
  it.each(strings.map((leaf) => [leaf.path, leaf] as const))('%s refuses NUL, unpaired surrogates and 100k characters', (_path, leaf) => {
    const samples = fc.sample(validFor(leaf.schema), { numRuns: 30, seed: 1 }).map(String);
    const valid = samples.filter((sample) => !refuses(leaf.schema, sample));
    for (const sample of valid.length > 0 ? valid : ['abc']) {
      const middle = Math.floor(sample.length / 2);
      for (const bad of ['\u0000', '\ud800', '\udfff']) {
        expect(refuses(leaf.schema, `${sample.slice(0, middle)}${bad}${sample.slice(middle)}`), JSON.stringify(sample)).toBe(true);
      }
    }
    expect(refuses(leaf.schema, 'a'.repeat(100_000))).toBe(true);
  });

  const numbers = inputLeaves.filter((leaf) => leaf.kind === 'number');
  it.each(numbers.map((leaf) => [leaf.path, leaf] as const))('%s is a bounded integer', (_path, leaf) => {
    for (const bad of [maxRowId + 1, 2 ** 53, -(2 ** 31) - 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(refuses(leaf.schema, bad), String(bad)).toBe(true);
    }
  });
});
