import { deeplyNested, hostileString, hugeString, percentEncode, randomText, wrongType } from './hostile-values';
import type { SeededRandom } from './seeded-random';

/** Path segments as sent (latin1, see RawRequest.target): NUL, raw bytes, bad escapes, traversal, overlong. */
export function hostileSegment(random: SeededRandom): string {
  return random.pick<() => string>([
    () => '%00',
    () => `a%00${random.int(0, 9)}`,
    () => 'é',
    () => 'Ã©',
    () => '%E0',
    () => '%',
    () => '%C0%80',
    () => '%ED%A0%80',
    () => '%F0%9F%9A%80',
    () => '%2F',
    () => '..',
    () => '.',
    () => '',
    () => '%20',
    () => percentEncode(hostileString(random)),
    () => 'x'.repeat(random.pick([300, 3000, 20_000])),
    () => random.pick(['0', '-1', '1e3', '0x10', '2147483648', '99999999999', '1.5']),
    () => String.fromCharCode(...Array.from({ length: random.int(1, 4) }, () => random.int(0x80, 0xff))),
  ])();
}

/** Query-string additions as sent: unknown, repeated, NUL, huge, prototype keys, bracket syntax. */
export function hostileQuery(random: SeededRandom, names: readonly string[]): string {
  const name =
    names.length > 0 && random.chance(0.7) ? random.pick(names) : random.pick(['unknown', '__proto__', 'constructor', 'a[b]', 'limit[]']);
  return random.pick<() => string>([
    () => `${name}=%00`,
    () => `${name}=${percentEncode(hostileString(random))}`,
    () => `${name}=1&${name}=2`,
    () => `${name}=${'9'.repeat(random.pick([20, 400]))}`,
    () => `${name}=%E0`,
    () => `${name}`,
    () => `${name}=${percentEncode(randomText(random, 8))}`,
  ])();
}

/** Replaces, adds or removes something somewhere in a JSON value; returns the new value and what was done. */
export function mutateValue(value: unknown, random: SeededRandom): [unknown, string] {
  const kind = random.pick(['nul', 'huge-string', 'unicode', 'wrong-type', 'deep-nesting', 'extra-field', 'drop-field', 'long-array']);
  const replace = (make: () => unknown): unknown => replaceSomewhere(value, random, make);
  switch (kind) {
    case 'nul':
      return [replace(() => `a\u0000${hostileString(random)}`), kind];
    case 'huge-string':
      return [replace(() => hugeString(random)), kind];
    case 'unicode':
      return [replace(() => random.pick(['\ud800', 'İ', '🚀'.repeat(100), 'e\u0301', '\u202e', '\uffff'])), kind];
    case 'wrong-type':
      return [replace(() => wrongType(random)), kind];
    case 'deep-nesting':
      return [replace(() => deeplyNested(random, random.pick([10, 70, 80, 500]))), kind];
    case 'long-array':
      return [replace(() => Array.from({ length: random.pick([1000, 20_000]) }, (_, i) => i)), kind];
    case 'extra-field':
      return [
        isObject(value) ? { ...value, ...JSON.parse(`{"${random.pick(['__proto__', 'constructor', 'prototype', 'extra'])}": 1}`) } : value,
        kind,
      ];
    default:
      return [isObject(value) ? dropOne(value, random) : value, kind];
  }
}

/** A copy of value with one randomly chosen leaf or field (or the whole value) replaced by make(). */
function replaceSomewhere(value: unknown, random: SeededRandom, make: () => unknown): unknown {
  if (Array.isArray(value) && value.length > 0 && random.chance(0.8)) {
    const index = random.int(0, value.length - 1);
    return value.map((item, i) => (i === index ? replaceSomewhere(item, random, make) : item));
  }
  if (isObject(value) && Object.keys(value).length > 0 && random.chance(0.85)) {
    const key = random.pick(Object.keys(value));
    return { ...value, [key]: replaceSomewhere(value[key], random, make) };
  }
  return make();
}

function dropOne(value: Record<string, unknown>, random: SeededRandom): Record<string, unknown> {
  const keys = Object.keys(value);
  if (keys.length === 0) return value;
  const drop = random.pick(keys);
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== drop));
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A body that is not what the route expects at all, as bytes. */
export function hostileBodyText(random: SeededRandom, json: string): [Buffer, string] {
  return random.pick<() => [Buffer, string]>([
    () => [Buffer.from(json.slice(0, random.int(0, json.length))), 'truncated'],
    () => [Buffer.from(Array.from({ length: random.int(1, 2048) }, () => random.int(0, 255))), 'random-bytes'],
    () => [
      Buffer.from(random.pick(['[]', '"text"', '42', 'null', 'true', '{}', '[[[[[[]]]]]]', '{"a":1,"a":2}', '1e400'])),
      'not-an-object',
    ],
    () => [Buffer.from(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), 'deep-array-text'],
    () => [Buffer.from(`{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`), 'many-keys'],
    () => [Buffer.from(json, 'utf16le'), 'utf16'],
  ])();
}

/** A content type other than plain JSON, or none. */
export function hostileContentType(random: SeededRandom): string | undefined {
  return random.pick([
    undefined,
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=utf-16',
    'application/json; charset=latin1',
    'application/json; charset=nope',
    'application/vnd.api+json',
    'application/jsonx',
    'application/json, text/plain',
    '*/*',
    'application/json\u00e9',
  ]);
}
