import type { SeededRandom } from './seeded-random';

/** Strings that have broken services before: NUL, control characters, unicode edge cases, SQL and glob syntax. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'tab\there',
  'line\nbreak',
  '\u0001\u001f\u007f',
  'é',
  'İstanbul',
  'ß',
  'ﬁ',
  '🚀',
  '\ud800',
  'x\udfffy',
  '\uffff',
  '\u202eevil',
  'zero\u200bwidth',
  'e\u0301',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '%',
  '_',
  '*',
  '**?[]{}',
  '\\',
  '../../etc/passwd',
  '/proc/self/environ',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'true',
  '1e309',
  '-0',
  '0x10',
  '2147483648',
  '9007199254740993',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
];

const HOSTILE_NUMBERS = [0, -0, -1, 1, 0.5, -2147483649, 2147483647, 2147483648, Number.MAX_SAFE_INTEGER + 1, 1e308, -1e308, 5e-324];

/** A hostile string: one of the list, a long one or a random mix. */
export function hostileString(random: SeededRandom): string {
  return random.weighted<() => string>([
    [6, () => random.pick(HOSTILE_STRINGS)],
    [2, () => random.pick(HOSTILE_STRINGS).repeat(random.int(2, 400))],
    [2, () => randomText(random, random.int(1, 64))],
  ])();
}

export function hostileNumber(random: SeededRandom): number {
  return random.pick(HOSTILE_NUMBERS);
}

/** Text of random code points (any plane, surrogates included). */
export function randomText(random: SeededRandom, length: number): string {
  return Array.from({ length }, () =>
    String.fromCharCode(
      random.weighted([
        [4, random.int(0, 0x7f)],
        [2, random.int(0x80, 0x7ff)],
        [1, random.int(0x800, 0xffff)],
      ]),
    ),
  ).join('');
}

/** A value of the wrong kind for most fields. */
export function wrongType(random: SeededRandom): unknown {
  return random.pick<() => unknown>([
    () => null,
    () => true,
    () => hostileNumber(random),
    () => hostileString(random),
    () => [],
    () => [hostileString(random)],
    () => ({}),
    () => ({ nested: hostileString(random) }),
  ])();
}

/** Arrays or objects nested `depth` levels. */
export function deeplyNested(random: SeededRandom, depth: number): unknown {
  let value: unknown = hostileString(random);
  const asObject = random.chance(0.5);
  for (let level = 0; level < depth; level += 1) value = asObject ? { a: value } : [value];
  return value;
}

/** A string of `bytes` characters, for bodies near and over the 1 MiB limit. */
export function hugeString(random: SeededRandom): string {
  const bytes = random.pick([10_000, 100_000, 700_000, 1_100_000, 2_000_000]);
  const unit = random.pick(['x', 'é', '\u0000', '🚀']);
  return unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit)));
}

/** Percent-encoding of text's UTF-8 bytes (encodeURIComponent throws on a lone surrogate; here it becomes U+FFFD). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}
