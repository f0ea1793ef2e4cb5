import { parse, SemVer } from 'semver';

/**
 * "Latest" order of versions (contract §5): a semantic version (strict SemVer 2.0, as node-semver
 * parses it) by precedence — `1.10.0` above `1.9.3`, a release above its pre-releases, build
 * metadata ignored — and any semantic version above any other text. Ties (equal precedence, or
 * two non-semantic versions) go to the newest registration; the repository orders by
 * `version_sort_key DESC, id DESC` (the highest id is the newest registration).
 *
 * The key is plain ASCII that sorts byte-wise (SQLite's BINARY collation, PostgreSQL's "C") in
 * exactly that order, so "latest" is one index lookup instead of loading every version:
 *   non-semantic:  "0"
 *   semantic:      "1" major minor patch (16 digits each) then
 *                  "1"                      for a release, or
 *                  "0" identifier... "!"    for a pre-release, each identifier ending in " ",
 *                  numeric ones as "1" + 3-digit length + digits (numeric order; below
 *                  alphanumeric ones), alphanumeric ones as "2" + text (ASCII order).
 * " " (0x20) ends an identifier below every identifier character, so `alpha` < `alpha-x`; "!"
 * (0x21) ends the list below the next identifier's "1"/"2", so `alpha` < `alpha.1`.
 */
export function versionSortKey(version: string): string {
  const semver = parseSemver(version);
  if (!semver) return NON_SEMANTIC;
  const core = [semver.major, semver.minor, semver.patch].map((part) => String(part).padStart(16, '0')).join('');
  if (semver.prerelease.length === 0) return `1${core}1`;
  return `1${core}0${semver.prerelease.map(identifierKey).join('')}!`;
}

const NON_SEMANTIC = '0';

function parseSemver(version: string): SemVer | null {
  try {
    return parse(version, { loose: false });
  } catch {
    return null;
  }
}

function identifierKey(identifier: string | number): string {
  const text = String(identifier);
  if (/^\d+$/.test(text)) return `1${String(text.length).padStart(3, '0')}${text} `;
  return `2${text} `;
}

/** Whether the version orders as a semantic version. */
export const isSemanticVersion = (version: string): boolean => versionSortKey(version) !== NON_SEMANTIC;

/** Comparator of the same order for in-memory use (tests): higher version first, then newer. */
export function compareLatestFirst(a: { version: string; id: number }, b: { version: string; id: number }): number {
  const keyA = versionSortKey(a.version);
  const keyB = versionSortKey(b.version);
  if (keyA !== keyB) return keyA < keyB ? 1 : -1;
  return b.id - a.id;
}
