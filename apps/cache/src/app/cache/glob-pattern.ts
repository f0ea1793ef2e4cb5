/**
 * Key patterns (contract §4): `*` and `%` (sim2l's CacheClient documents SQL LIKE and sends `%`)
 * each match any run of characters, `/` and the empty run included; every other character, `_`
 * included, matches only itself. At most MAX_PATTERN_WILDCARDS of them.
 *
 * Matching is bounded three ways: the wildcard limit, the literal prefix before the first
 * wildcard read as an index range (prefixRange), and a matcher of linear cost on SQLite
 * (simsvc_glob of @simsvc/persistence) or a statement time limit on PostgreSQL.
 */
export const MAX_PATTERN_WILDCARDS = 8;

const WILDCARDS = /[*%]/g;

export const wildcardCount = (pattern: string): number => pattern.match(WILDCARDS)?.length ?? 0;

/** The pattern with `*` as its only wildcard, as simsvc_glob takes it. */
export const normalizedGlob = (pattern: string): string => pattern.replace(WILDCARDS, '*');

/** PostgreSQL LIKE (with `\` escaping): `*` and `%` become `%`, `_` and `\` are escaped. */
export function globToPostgresLike(pattern: string): string {
  return pattern.replace(/[\\_]/g, (character) => `\\${character}`).replace(/\*/g, '%');
}

/** The characters before the first wildcard; every matching key starts with them. */
export function literalPrefix(pattern: string): string {
  const wildcard = pattern.search(/[*%]/);
  return wildcard < 0 ? pattern : pattern.slice(0, wildcard);
}

/**
 * The keys starting with `prefix`, as a range in code-point order (UTF-8 byte order: SQLite's
 * BINARY collation, PostgreSQL's `~>=~`/`~<~`): from the prefix up to, not including, the prefix
 * with its last code point incremented; no upper bound when every code point is the highest.
 */
export function prefixRange(prefix: string): { from: string; below?: string } {
  const codePoints = [...prefix];
  while (codePoints.length > 0) {
    const last = codePoints.pop() as string;
    let next = (last.codePointAt(0) as number) + 1;
    if (next === 0xd800) next = 0xe000; // surrogates are not characters
    if (next <= 0x10ffff) return { from: prefix, below: codePoints.join('') + String.fromCodePoint(next) };
  }
  return { from: prefix };
}

/** The same rule in JS, for tests of the two matchers. */
export function globToRegExp(pattern: string): RegExp {
  const body = pattern
    .split(/[*%]/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('[\\s\\S]*');
  return new RegExp(`^${body}$`, 'u');
}
