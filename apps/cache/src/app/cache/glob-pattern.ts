/**
 * Invalidation patterns (contract §4): `*` matches any run of characters, `/` and the empty run
 * included; every other character matches only itself. Translated to each backend's
 * case-sensitive matcher: PostgreSQL LIKE (with `\` escaping) and SQLite GLOB (which, unlike
 * SQLite's LIKE, is case-sensitive; its other wildcards are neutralised with brackets).
 */
export function globToPostgresLike(pattern: string): string {
  return pattern.replace(/[\\%_]/g, (character) => `\\${character}`).replace(/\*/g, '%');
}

export function globToSqliteGlob(pattern: string): string {
  return pattern.replace(/[?[]/g, (character) => `[${character}]`);
}

/** The same rule in JS, for callers that match in memory (and for tests of the two above). */
export function globToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('[\\s\\S]*');
  return new RegExp(`^${body}$`);
}
