import { CacheEntryEntity } from '@simsvc/persistence';
import { entryJson, toEntryResponse } from './cache-entry.response';

const entry = (overrides: Partial<CacheEntryEntity>): CacheEntryEntity => ({
  cacheKey: 'heat-1d/1.0.0/abc',
  simulationId: 7,
  simulationName: 'heat-1d',
  simulationVersion: '1.0.0',
  executionId: 'e-1',
  squidId: 's-1',
  inputHash: 'f'.repeat(64),
  runDbPath: '/runs/1.db',
  metadata: null,
  createdAt: 1_767_225_600_123_456,
  expiresAt: 1_767_229_200_000_001,
  lastAccessedAt: null,
  hitCount: 0,
  sizeBytes: 0,
  ...overrides,
});

describe('entryJson', () => {
  const cases: [string, Partial<CacheEntryEntity>][] = [
    ['a plain entry', {}],
    ['no simulation, many hits', { simulationId: null, hitCount: 123_456_789 }],
    [
      'escapes and non-ASCII in every text field',
      {
        cacheKey: 'a"b\\c/\u0001\u007f\u2028é😀',
        simulationName: 'tab\there',
        simulationVersion: 'line\nbreak',
        executionId: '\u001f',
        squidId: '"',
        inputHash: '\\',
        runDbPath: '/runs/ü/\u2029.db',
      },
    ],
    [
      'stored metadata with nesting, escapes and unicode',
      { metadata: JSON.stringify({ user: 'x"y', n: [1, 2.5, -0.001, 1e21], nested: { é: null, t: true }, s: '\u2028\u0000' }) },
    ],
    ['the epoch and a far date', { createdAt: 0, expiresAt: 4_102_444_799_999_999 }],
  ];

  it.each(cases)('writes %s as JSON.stringify writes its response', (_name, overrides) => {
    const stored = entry(overrides);
    expect(entryJson(stored)).toBe(JSON.stringify(toEntryResponse(stored)));
  });
});
