import {
  MAX_CACHE_KEY_LENGTH,
  MAX_METADATA_BYTES,
  MAX_RUN_DB_PATH_LENGTH,
  MAX_SIMULATION_ID,
  MAX_TEXT_LENGTH,
  MAX_TTL_HOURS,
  NO_CONTROL_CHARACTERS,
  RESERVED_CACHE_KEYS,
} from './cache-limits';

const TEXT_FIELDS = ['simulation_name', 'simulation_version', 'execution_id', 'squid_id', 'input_hash'] as const;
const FIELDS: ReadonlySet<string> = new Set([
  'cache_key',
  'simulation_id',
  ...TEXT_FIELDS,
  'run_db_path',
  'ttl_hours',
  'ttl_seconds',
  'metadata',
]);
const RESERVED: ReadonlySet<string> = new Set(RESERVED_CACHE_KEYS);
/** class-validator's lengths count neither U+FE0E/U+FE0F nor a surrogate pair's second half; one other character makes a length ≥ 1. */
const COUNTED_CHARACTER = /[^\uFE0E\uFE0F]/;
/** Keys that the pipe sets aside and puts back (data-keys.ts in libs/platform): left to it. */
const SET_ASIDE_KEY = /"(constructor|prototype)":/;

const absent = (value: unknown): boolean => value === undefined || value === null;

/** A string no longer than `max` in UTF-16 units, so no longer than `max` as class-validator counts. */
const textOfAtMost = (value: unknown, max: number): boolean => typeof value === 'string' && value.length <= max;

const numberFrom = (value: unknown, min: number, max: number): boolean =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;

/**
 * A POST /cache body that every rule of StoreEntryDto accepts, checked without class-validator
 * (see plainly-valid.ts): only known fields; `cache_key` of 1–1024 characters, no control
 * character, not a reserved word; `simulation_id` null or an integer 0..2147483647; the five
 * texts and `run_db_path` strings within their lengths; at most one of `ttl_hours` (> 0, ≤ 87,600)
 * and `ttl_seconds` (0..315,360,000); `metadata` absent, null, or an object of at most 64 KiB as
 * JSON with no key `constructor` or `prototype`. Anything else is left to class-validator.
 */
export function isPlainStoreEntry(body: Record<string, unknown>): boolean {
  if (!Object.keys(body).every((field) => FIELDS.has(field))) return false;
  const { simulation_id: simulationId, ttl_hours: hours, ttl_seconds: seconds, metadata } = body;
  return (
    isPlainCacheKey(body.cache_key) &&
    (simulationId === null || (Number.isInteger(simulationId) && numberFrom(simulationId, 0, MAX_SIMULATION_ID))) &&
    TEXT_FIELDS.every((field) => textOfAtMost(body[field], MAX_TEXT_LENGTH)) &&
    textOfAtMost(body.run_db_path, MAX_RUN_DB_PATH_LENGTH) &&
    (absent(hours) || absent(seconds)) &&
    (absent(hours) || (numberFrom(hours, 0, MAX_TTL_HOURS) && (hours as number) > 0)) &&
    (absent(seconds) || numberFrom(seconds, 0, MAX_TTL_HOURS * 3600)) &&
    (absent(metadata) || isPlainMetadata(metadata))
  );
}

function isPlainCacheKey(key: unknown): boolean {
  return (
    typeof key === 'string' &&
    key.length <= MAX_CACHE_KEY_LENGTH &&
    COUNTED_CHARACTER.test(key) &&
    NO_CONTROL_CHARACTERS.test(key) &&
    !RESERVED.has(key)
  );
}

function isPlainMetadata(metadata: unknown): boolean {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return false;
  const json = JSON.stringify(metadata);
  return !SET_ASIDE_KEY.test(json) && Buffer.byteLength(json, 'utf8') <= MAX_METADATA_BYTES;
}
