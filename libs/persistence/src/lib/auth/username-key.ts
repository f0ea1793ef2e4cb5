/**
 * The one normal form of a username, for storage, lookup and throttling alike: NFKC (compatibility
 * forms such as full-width letters are the same name), then JavaScript's locale-independent
 * lower-case. Computed here rather than by the database, whose lower() differs between backends
 * (PostgreSQL folds `İ` to `i`, JavaScript to `i̇`).
 */
export const usernameKey = (username: string): string => username.normalize('NFKC').toLowerCase();

/**
 * The key with its diacritics and other combining marks removed: `mİmi`, `mìmi` and `mimi` share
 * `mimi`. No two users may share a skeleton (a name is refused at creation when a simpler or more
 * decorated spelling exists), and login attempts are throttled per skeleton, so spelling a name
 * differently never opens another bucket of guesses.
 */
export const usernameSkeleton = (username: string): string =>
  usernameKey(username).normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase();
