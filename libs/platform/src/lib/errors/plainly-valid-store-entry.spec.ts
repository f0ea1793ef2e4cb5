import { isPlainStoreEntry, MAX_SIMULATION_ID, MAX_TTL_HOURS, plainValidityCheck, StoreEntryDto } from '@simsvc/contracts';
import { ContractValidationPipe } from './validation.pipe';

// StoreEntryDto names a check (isPlainStoreEntry) that takes a body without class-validator. It
// may only accept bodies that class-validator accepts, and must take them as the transformation
// would; it need not accept every valid one (the others go to class-validator). Each body below
// goes through the pipe both ways: as a StoreEntryDto (the check first) and as a subclass that
// names no check (class-validator alone, with the same rules): the outcomes must be the same.
class ClassValidatedStoreEntry extends StoreEntryDto {}

type Outcome = { accepted: Record<string, unknown> } | { refused: unknown };

const pipe = new ContractValidationPipe();

async function outcome(body: Record<string, unknown>, metatype: new () => object): Promise<Outcome> {
  try {
    const dto = (await pipe.transform(structuredClone(body), { type: 'body', metatype })) as object;
    expect(dto).toBeInstanceOf(metatype);
    return { accepted: { ...dto } };
  } catch (error) {
    return { refused: error };
  }
}

const valid = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  cache_key: 'heat-1d/1.0.0/3f2a',
  simulation_id: 7,
  simulation_name: 'heat-1d',
  simulation_version: '1.0.0',
  execution_id: 'exec-1',
  squid_id: 'heat-1d/r1/1',
  input_hash: 'h1',
  run_db_path: '/runs/exec-1.db',
  ...fields,
});

const VARIATION_SELECTOR = '\uFE0F';
const PAIR = '\u{1F600}';

/** Values tried for each field; `undefined` leaves the field out. */
const CANDIDATES: Record<string, unknown[]> = {
  cache_key: [
    'k',
    'a/b/c',
    '',
    VARIATION_SELECTOR,
    VARIATION_SELECTOR.repeat(3),
    `${VARIATION_SELECTOR}x`,
    PAIR,
    PAIR.repeat(512),
    PAIR.repeat(513),
    `${PAIR.repeat(512)}x`,
    'k'.repeat(1024),
    'k'.repeat(1025),
    `${VARIATION_SELECTOR}${'k'.repeat(1024)}`,
    'tab\there',
    'del\u007f',
    'line\u2028sep',
    'stats',
    'STATS',
    'entries',
    'invalidations',
    'invalidations/x',
    7,
    null,
    undefined,
    ['k'],
  ],
  simulation_id: [
    0,
    1,
    7,
    MAX_SIMULATION_ID,
    MAX_SIMULATION_ID + 1,
    -1,
    -0,
    1.5,
    '7',
    null,
    undefined,
    true,
    1e300,
    Number.MAX_SAFE_INTEGER,
  ],
  simulation_name: ['heat-1d', '', 'x'.repeat(1024), 'x'.repeat(1025), PAIR.repeat(600), 3, null, undefined, {}],
  execution_id: ['e', '', 'e'.repeat(1025), null, undefined, ['e']],
  run_db_path: ['/r.db', '', 'p'.repeat(4096), 'p'.repeat(4097), null, undefined, 4],
  ttl_hours: [undefined, null, 24, 0.5, 1e-9, 0, -1, MAX_TTL_HOURS, MAX_TTL_HOURS + 0.001, '24', Number.MAX_VALUE, true],
  ttl_seconds: [undefined, null, 0, 60, 0.25, -1, MAX_TTL_HOURS * 3600, MAX_TTL_HOURS * 3600 + 1, '60', false],
  metadata: [
    undefined,
    null,
    {},
    { note: 'x', nested: { values: [1, 2.5, null, 'é'] } },
    { constructor: 'data' },
    { nested: { prototype: 1 } },
    { text: '"constructor":' },
    { big: 'b'.repeat(64 * 1024) },
    { big: 'b'.repeat(64 * 1024 - 10) },
    [],
    ['a'],
    'text',
    5,
  ],
  extra: [undefined, undefined, undefined, 'unknown field', null],
};

/** A deterministic pseudo-random sequence (mulberry32), so a failure names the same body on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function bodies(): Record<string, unknown>[] {
  const result: Record<string, unknown>[] = [];
  // Each candidate alone in an otherwise valid body.
  for (const [field, values] of Object.entries(CANDIDATES)) {
    for (const value of values) result.push(withField(valid(), field, value));
  }
  // Random combinations, most fields at a time.
  const next = random(27);
  for (let index = 0; index < 3000; index++) {
    let body = valid();
    for (const [field, values] of Object.entries(CANDIDATES)) {
      if (next() < 0.3) body = withField(body, field, values[Math.floor(next() * values.length)]);
    }
    result.push(body);
  }
  return result;
}

function withField(body: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  const { [field]: _replaced, ...rest } = body;
  return value === undefined ? rest : { ...rest, [field]: value };
}

describe('isPlainStoreEntry (StoreEntryDto without class-validator)', () => {
  it('is the check StoreEntryDto names, and the subclass names none', () => {
    expect(plainValidityCheck(StoreEntryDto)).toBe(isPlainStoreEntry);
    expect(plainValidityCheck(ClassValidatedStoreEntry)).toBeUndefined();
  });

  it('accepts only bodies class-validator accepts, and the pipe answers each body as class-validator does', async () => {
    let accepted = 0;
    let validBodies = 0;
    for (const body of bodies()) {
      const reference = await outcome(body, ClassValidatedStoreEntry);
      if ('accepted' in reference) validBodies++;
      if (isPlainStoreEntry(structuredClone(body))) {
        accepted++;
        expect({ body, reference }).toEqual({ body, reference: { accepted: expect.anything() } });
      }
      expect({ body, outcome: await outcome(body, StoreEntryDto) }).toEqual({ body, outcome: reference });
    }
    // The check takes most valid bodies: those it leaves to class-validator are the unusual ones listed above.
    expect(validBodies).toBeGreaterThan(500);
    expect(accepted).toBeGreaterThan(validBodies * 0.8);
  });

  it('accepts the bodies sim2l sends', () => {
    expect(isPlainStoreEntry(valid({ simulation_id: 0, ttl_hours: 24, metadata: null }))).toBe(true);
    expect(isPlainStoreEntry(valid({ simulation_id: null, ttl_seconds: 0, metadata: { tool: 'sim2l' } }))).toBe(true);
  });
});
