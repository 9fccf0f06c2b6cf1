import type { AnyCall } from '@px/config';
import fc from 'fast-check';
import { exampleValue, type SchemaField, topFields } from './schema-fields';

/**
 * Bad inputs for a call, generated from its input schema with fast-check (the fuzzing suite,
 * `api/src/fuzz.test.ts`).
 */

const HUGE_NUMBERS = [
  1e308,
  -1e308,
  2 ** 53 + 2,
  2 ** 31,
  -(2 ** 31) - 1,
  -1,
  0,
  0.5,
  1e-300,
  123456789012345,
];
const nastyText = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    'x\ud800',
    '\udfff',
    "'; DROP TABLE account; --",
    '%00',
    '../../etc/passwd',
  ),
  fc.constantFrom(5_000, 100_000).map((length) => 'x'.repeat(length)),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const wrongOf = (field: SchemaField) => {
  const any = [
    fc.constant(null),
    fc.boolean(),
    fc.constantFrom(...HUGE_NUMBERS),
    nastyText,
    fc.constant({ nested: { deeper: [1, 'x'] } }),
    fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
  ];
  // A value of a kind the field does not take, or a value of its kind out of every range.
  if (field.kind === 'number')
    return fc.oneof(any[0], any[1], any[3], any[4], any[5], fc.constantFrom(...HUGE_NUMBERS));
  if (field.kind === 'string' || field.kind === 'enum')
    return fc.oneof(any[0], any[1], any[2], any[4], any[5], nastyText);
  if (field.kind === 'boolean')
    return fc.oneof(any[2], any[3], any[4], any[5], fc.constantFrom('true', 'yes', 1));
  if (field.kind === 'array')
    return fc.oneof(any[1], any[2], any[3], any[4], fc.array(nastyText, { maxLength: 2 }));
  return fc.oneof(...any);
};
/** Fields no call declares, some shaped as attacks (prototype keys, tenant and role fields). */
const extras = fc.dictionary(
  fc.constantFrom('projectId', 'roleSystem', 'status', 'amount', '__proto__', 'constructor', 'zz'),
  fc.oneof(fc.integer(), fc.constant({ polluted: true }), nastyText),
  { maxKeys: 2 },
);

/** Bodies for a call built from its schema, each refused by it. */
export function badBodies(call: AnyCall, count: number, seed: number): unknown[] {
  const fields = topFields(call.input);
  const example = exampleValue(call.input);
  const base = (example && typeof example === 'object' ? example : {}) as Record<string, unknown>;
  const mutations: fc.Arbitrary<unknown>[] = [];
  if (fields.length > 0) {
    const field = fc.constantFrom(...fields);
    mutations.push(
      // One field of a wrong kind or out of range, maybe with unknown fields beside.
      fc
        .tuple(field, extras)
        .chain(([f, extra]) => wrongOf(f).map((value) => ({ ...base, ...extra, [f.name]: value }))),
    );
    const scalars = fields.filter((f) => f.kind !== 'array' && f.kind !== 'object');
    if (scalars.length > 0)
      mutations.push(
        // An array where a scalar goes.
        fc
          .constantFrom(...scalars)
          .map((f) => ({ ...base, [f.name]: [base[f.name] ?? 1, base[f.name] ?? 1] })),
      );
    if (fields.some((f) => f.required)) {
      const required = fields.filter((f) => f.required);
      mutations.push(
        // A required field missing (or all of them), maybe with unknown fields instead.
        fc.tuple(fc.constantFrom(...required), fc.boolean(), extras).map(([f, all, extra]) => {
          const body: Record<string, unknown> = { ...base, ...extra };
          for (const gone of all ? required : [f]) delete body[gone.name];
          return body;
        }),
        // Not an object at all.
        fc.oneof(
          fc.constant([]),
          fc.constant('text'),
          fc.constant(42),
          fc.constant(null),
          fc.constant([base]),
        ),
      );
    }
  }
  if (mutations.length === 0) return [];
  const candidates = fc.sample(fc.oneof(...mutations), { seed, numRuns: count * 8 });
  // Only what the schema refuses: a body it accepts would be a real call, free to write.
  return candidates.filter((body) => !call.input.safeParse(body).success).slice(0, count);
}
