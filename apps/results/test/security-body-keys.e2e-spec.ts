import { expectError, makeDirect, useResultsService } from './support/results-test-service';

// Real services on real databases, on shared CI machines: more than jest's default 5 s.
jest.setTimeout(60_000);

// Issue 12, items 8 and 10: keys named like Object's own properties are data where a map of
// names is expected, and U+0000 (which PostgreSQL cannot store) is refused with 400 on both
// backends instead of being stored on one and failing with 500 on the other.
describe('results: keys constructor, prototype and __proto__, and U+0000 in bodies', () => {
  const results = useResultsService();

  /** A body written as JSON text, so that `__proto__` stays a key. */
  const json = (text: string): Record<string, unknown> => JSON.parse(text) as Record<string, unknown>;

  describe('constructor and prototype (item 8)', () => {
    it('keeps parameters and metadata named constructor and prototype, and returns them', async () => {
      const body = makeDirect({
        simulation_name: 'keys-sim',
        input_params: json('{"constructor": 3, "prototype": "p", "length": 1}'),
        output_params: json('{"constructor": {"constructor": [1]}}'),
        metadata: json('{"constructor": "m"}'),
      });

      expect((await results.post('/register_direct', body)).status).toBe(200);

      const stored = await results.get(`/results/${body['execution_id'] as string}`);
      expect(stored.body.input_params).toEqual(json('{"constructor": 3, "prototype": "p", "length": 1}'));
      expect(stored.body.output_params).toEqual(json('{"constructor": {"constructor": [1]}}'));
      expect(stored.body.metadata).toEqual(json('{"constructor": "m"}'));
      expect(Object.keys(stored.body.schema.inputs as object).sort()).toEqual(['constructor', 'length', 'prototype']);
      expect(stored.body.schema.inputs.constructor).toMatchObject({ type: 'number' });
    });

    it('filters a search on a parameter named constructor instead of ignoring the filter', async () => {
      const low = await results.stored({ simulation_name: 'filter-sim', input_params: json('{"constructor": 1}') });
      const high = await results.stored({ simulation_name: 'filter-sim', input_params: json('{"constructor": 5}') });
      await results.stored({ simulation_name: 'filter-sim', input_params: { other: 5 } });

      expect(await results.matches('filter-sim', { input_filters: json('{"constructor": {"$gt": 2}}') })).toEqual([high['execution_id']]);
      expect(await results.matches('filter-sim', { input_filters: json('{"constructor": 1}') })).toEqual([low['execution_id']]);
      expect(await results.matches('filter-sim', { output_filters: json('{"prototype": {"$gte": 0}}') })).toEqual([]);
    });

    it('refuses constructor and prototype as fields of the request with 400, storing nothing', async () => {
      for (const key of ['constructor', 'prototype']) {
        const body = { ...makeDirect({ simulation_name: 'field-sim' }), ...json(`{"${key}": {}}`) };
        expectError(await results.post('/register_direct', body), 400, `property ${key} should not exist`);
        expect((await results.get(`/results/${body['execution_id'] as string}`)).status).toBe(404);
      }
    });

    it('refuses __proto__ anywhere with 400', async () => {
      const body = makeDirect({ input_params: json('{"__proto__": 1}') });
      expectError(await results.post('/register_direct', body), 400, 'request body must not use __proto__ as a key');
      expectError(await results.search(json('{"input_filters": {"__proto__": 1}}')), 400, 'request body must not use __proto__ as a key');
    });
  });

  describe('U+0000 (item 10)', () => {
    it('keeps U+0000 in values and metadata exactly, and refuses it in names with 400, on both backends', async () => {
      const kept = await results.stored({
        simulation_name: 'nul-sim',
        output_params: { y: ['ok', 'x\u0000'] },
        metadata: { note: '\u0000' },
      });
      const stored = await results.get(`/results/${kept['execution_id'] as string}`);
      expect(stored.body).toMatchObject({ output_params: { y: ['ok', 'x\u0000'] }, metadata: { note: '\u0000' } });

      const named = makeDirect({ simulation_name: 'nul-sim', input_params: { ['a\u0000b']: 1 } });
      expectError(await results.post('/register_direct', named), 400, /parameter names must not contain U\+0000/);
      expect(await results.matches('nul-sim')).toEqual([kept['execution_id']]);
    });

    it('refuses U+0000 in a search with 400', async () => {
      expectError(await results.search({ simulation_name: 'a\u0000' }), 400, 'request body must not contain U+0000');
      expectError(await results.search({ input_filters: { x: 'a\u0000' } }), 400, 'request body must not contain U+0000');
    });
  });
});
