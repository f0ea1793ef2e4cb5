/**
 * Search rules of contract §5, free of I/O: how a query becomes tokens, what text a simulation
 * is matched against, and how tokens are written for each backend's index.
 */

/** Tokens shorter than this are dropped. */
export const MIN_TOKEN_LENGTH = 2;
/** Tokens at least this long are answered by the trigram index (a trigram needs three characters). */
export const TRIGRAM_LENGTH = 3;
/** More tokens than this are ignored: each costs an index probe. */
export const MAX_TOKENS = 32;
export const MAX_TAG_FILTERS = 32;

const characters = (text: string) => Array.from(text).length;

/** The query lower-cased and split on white space; tokens under 2 characters dropped, repeats once. */
export function searchTokens(query: string | undefined): string[] {
  const tokens = (query ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((token) => characters(token) >= MIN_TOKEN_LENGTH);
  return [...new Set(tokens)].slice(0, MAX_TOKENS);
}

/** `tags=a,b` as lower-cased distinct tags (the filter is case-insensitive). */
export function tagFilter(tags: string | undefined): string[] {
  const list = (tags ?? '')
    .split(',')
    .map((tag) => tag.trim().toLowerCase())
    .filter((tag) => tag.length > 0);
  return [...new Set(list)].slice(0, MAX_TAG_FILTERS);
}

/**
 * The words a simulation is found by: its name, description and tags, lower-cased and split on
 * white space, each once. A token (which has no white space) is a substring of one of those
 * fields exactly when it is a substring of one of these words, so indexing words loses nothing.
 */
export function searchWords(name: string, description: string, tags: readonly string[]): string[] {
  const words = [name, description, ...tags].flatMap((field) => wellFormed(field).toLowerCase().split(/\s+/));
  return [...new Set(words.filter((word) => word.length > 0))];
}

/**
 * The text with each unpaired surrogate replaced by U+FFFD, as both drivers store it in a text
 * column. Words and tags reach PostgreSQL as JSON (`json_array_elements_text`), where the
 * escape `\ud800` that JSON.stringify writes for one is an error: a 500 found by the fuzz test.
 */
export const wellFormed = (text: string): string => text.replace(/\p{Cs}/gu, '\ufffd');

/** Whether a token is long enough for the trigram index. */
export const usesTrigramIndex = (token: string): boolean => characters(token) >= TRIGRAM_LENGTH;

/** SQLite GLOB pattern matching the token as a substring (served by the FTS5 trigram index). */
export function globSubstringPattern(token: string): string {
  return `*${token.replace(/[*?[]/g, (character) => `[${character}]`)}*`;
}

/** PostgreSQL LIKE pattern matching the token as a substring (`\` is LIKE's default escape). */
export function likeSubstringPattern(token: string): string {
  return `%${token.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** How many tokens match a simulation's words: the ranking rule in JS (the repository counts in SQL). */
export function matchingTokenCount(tokens: readonly string[], words: readonly string[]): number {
  return tokens.filter((token) => words.some((word) => word.includes(token))).length;
}
