import { expectError, parameterStats, useResultsService } from './support/results-test-service';

// Real services on real databases, on shared CI machines: more than jest's default 5 s.
jest.setTimeout(60_000);

// GET /results/{execution_id}, DELETE /results/{execution_id} and GET /stats/{simulation}/{param} (contract §6).
describe('reading, deleting and statistics', () => {
  const results = useResultsService();

  describe('GET /results/{execution_id}', () => {
    it('returns the result', async () => {
      await results.stored({ execution_id: 'read-me', simulation_name: 'read-sim' });
      const response = await results.get('/results/read-me');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ execution_id: 'read-me', simulation_name: 'read-sim' });
    });

    it('answers 404 "result not found" for an unknown execution_id', async () => {
      expect(expectError(await results.get('/results/never-registered'), 404, 'result not found')).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'result not found',
      });
    });

    it('answers 400 for an execution_id that cannot exist', async () => {
      expectError(await results.get(`/results/${'e'.repeat(129)}`), 400, 'execution_id must match ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$');
      expectError(await results.get('/results/.hidden'), 400, 'execution_id must match ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$');
      expectError(await results.get('/results/a%20b'), 400, 'execution_id must match ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$');
    });
  });

  describe('DELETE /results/{execution_id}', () => {
    it('deletes the result and its searchable values, and only it', async () => {
      await results.stored({ execution_id: 'delete-me', simulation_name: 'delete-sim', output_params: { peak: 10 } });
      await results.stored({ execution_id: 'keep-me', simulation_name: 'delete-sim', output_params: { peak: 20 } });

      const response = await results.delete('/results/delete-me');

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'deleted', execution_id: 'delete-me' });
      expectError(await results.get('/results/delete-me'), 404, 'result not found');
      expect(await results.matches('delete-sim')).toEqual(['keep-me']);
      expect(await results.matches('delete-sim', { output_filters: { peak: 10 } })).toEqual([]);
      expect((await results.get('/stats/delete-sim/peak')).body).toMatchObject({ count: 1, avg_value: 20, min_value: 20, max_value: 20 });
    });

    it('answers 404 for an unknown execution_id, twice alike, changing nothing', async () => {
      const before = await results.snapshot(['delete-sim']);
      expectError(await results.delete('/results/never-there'), 404, 'result not found');
      await results.stored({ execution_id: 'delete-twice', simulation_name: 'other' });
      await results.delete('/results/delete-twice').then((r) => expect(r.status).toBe(200));
      expectError(await results.delete('/results/delete-twice'), 404, 'result not found');
      expect(await results.snapshot(['delete-sim'])).toEqual(before);
    });

    it('answers 400 for an execution_id that cannot exist', async () => {
      expectError(await results.delete('/results/-starts-with-dash'), 400, 'execution_id must match ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$');
    });

    it('lets the execution_id be registered again afterwards', async () => {
      await results.stored({ execution_id: 'again', simulation_name: 'delete-sim-2' });
      await results.delete('/results/again');
      await results.registerDirect({ execution_id: 'again', simulation_name: 'delete-sim-2' }).then((r) => expect(r.status).toBe(200));
    });
  });

  describe('path segments are text, never numbers', () => {
    // The global pipe (transform: true) turns a `number` route parameter into Number(text), so
    // `/x/1e3` would mean `/x/1000`. No results route takes a number: ids and names stay text.
    beforeAll(async () => {
      await results.stored({ execution_id: '1000', simulation_name: '1000', output_params: { '1': 5 } });
    });

    it('does not read or delete result 1000 for /results/1e3, /results/0x3E8 or /results/1000.0', async () => {
      for (const alias of ['1e3', '0x3E8', '1000.0', '01000']) {
        expectError(await results.get(`/results/${alias}`), 404, 'result not found');
        expectError(await results.delete(`/results/${alias}`), 404, 'result not found');
      }
      expect((await results.get('/results/1000')).body).toMatchObject({ execution_id: '1000', simulation_name: '1000' });
    });

    it('does not take /stats/1e3/1.0 for /stats/1000/1', async () => {
      expect((await results.get('/stats/1e3/1')).body).toMatchObject({ simulation_name: '1e3', param_name: '1', count: 0 });
      expect((await results.get('/stats/1000/1.0')).body).toMatchObject({ simulation_name: '1000', param_name: '1.0', count: 0 });
      expect((await results.get('/stats/1000/1')).body).toMatchObject({ simulation_name: '1000', param_name: '1', count: 1, max_value: 5 });
    });
  });

  describe('GET /stats/{simulation_name}/{param_name}', () => {
    beforeAll(async () => {
      const runs: [Record<string, unknown>, Record<string, unknown>][] = [
        [
          { x: 1, flag: true, label: '10' },
          { y: 10, mixed: 1 },
        ],
        [
          { x: 2, flag: false, label: '20' },
          { y: 20.5, mixed: '100' },
        ],
        [
          { x: 3, flag: true, label: 'x' },
          { y: -4, mixed: true },
        ],
        [{ x: 'not a number' }, { y: 0, mixed: null }],
        [{}, { mixed: [1, 2] }],
      ];
      for (const [index, [inputs, outputs]] of runs.entries()) {
        await results.stored({
          execution_id: `stats-${index}`,
          simulation_name: 'stats-sim',
          input_params: inputs,
          output_params: outputs,
        });
      }
    });

    it('computes count, mean, min and max of the numeric values of an output by default', async () => {
      const response = await results.get('/stats/stats-sim/y');
      expect(response.status).toBe(200);
      expect(response.body).toEqual(
        parameterStats('stats-sim', 'y', 'output', 'number', { count: 4, avg_value: 6.625, min_value: -4, max_value: 20.5 }),
      );
    });

    it('takes class=input or its alias param_class=input', async () => {
      const expected = {
        simulation_name: 'stats-sim',
        param_name: 'x',
        param_class: 'input',
        count: 3,
        avg_value: 2,
        min_value: 1,
        max_value: 3,
      };
      expect((await results.get('/stats/stats-sim/x?class=input')).body).toMatchObject(expected);
      expect((await results.get('/stats/stats-sim/x?param_class=input')).body).toMatchObject(expected);
      expect((await results.get('/stats/stats-sim/x?class=input&param_class=input')).body).toMatchObject(expected);
      expect((await results.get('/stats/stats-sim/y?class=output')).body).toMatchObject({ param_class: 'output', count: 4 });
    });

    it('counts only numbers: not booleans, numeric strings, null or arrays', async () => {
      expect((await results.get('/stats/stats-sim/mixed')).body).toMatchObject({ count: 1, avg_value: 1, min_value: 1, max_value: 1 });
      expect((await results.get('/stats/stats-sim/flag?class=input')).body).toEqual(
        parameterStats('stats-sim', 'flag', 'input', 'boolean'),
      );
      expect((await results.get('/stats/stats-sim/label?class=input')).body).toEqual(
        parameterStats('stats-sim', 'label', 'input', 'string'),
      );
    });

    it('gives count 0 and nulls for a parameter of the simulation that no result has', async () => {
      expect((await results.get('/stats/stats-sim/nothing')).body).toEqual(parameterStats('stats-sim', 'nothing', 'output', null));
      // An input is not an output.
      expect((await results.get('/stats/stats-sim/x?class=output')).body).toMatchObject({ param_type: null, count: 0 });
    });

    it('reports the schema type of the newest result that has the parameter', async () => {
      results.writeRun({ execution_id: 'stats-db', simulation_name: 'stats-db-sim', inputs: { n_points: { value: 64, type: 'integer' } } });
      await results.register({ execution_id: 'stats-db' }).then((r) => expect(r.status).toBe(200));
      expect((await results.get('/stats/stats-db-sim/n_points?class=input')).body).toMatchObject({
        param_type: 'integer',
        count: 1,
        avg_value: 64,
      });
      await results.stored({ execution_id: 'stats-db-2', simulation_name: 'stats-db-sim', input_params: { n_points: 'many' } });
      expect((await results.get('/stats/stats-db-sim/n_points?class=input')).body).toMatchObject({
        param_type: 'string',
        count: 1,
        avg_value: 64,
      });
    });

    it('keeps the mean exact where the sum overflows a double', async () => {
      for (const id of ['huge-1', 'huge-2', 'huge-3'])
        await results.stored({ execution_id: id, simulation_name: 'huge-sim', output_params: { v: 1.5e308 } });
      expect((await results.get('/stats/huge-sim/v')).body).toMatchObject({
        count: 3,
        avg_value: 1.5e308,
        min_value: 1.5e308,
        max_value: 1.5e308,
      });
    });

    it('follows every registration, replacement and deletion at once', async () => {
      const stats = async () => (await results.get('/stats/live-sim/v')).body as Record<string, unknown>;
      await results.stored({ execution_id: 'live-1', simulation_name: 'live-sim', output_params: { v: 10 } });
      expect(await stats()).toMatchObject({ count: 1, avg_value: 10 });
      expect(await stats()).toMatchObject({ count: 1, avg_value: 10 });

      await results.stored({ execution_id: 'live-2', simulation_name: 'live-sim', output_params: { v: 20 } });
      expect(await stats()).toMatchObject({ count: 2, avg_value: 15, max_value: 20 });

      await results.registerDirect({ execution_id: 'live-2', simulation_name: 'live-sim', output_params: { v: 40 }, replace: true });
      expect(await stats()).toMatchObject({ count: 2, avg_value: 25, max_value: 40 });

      await results.registerDirect({ execution_id: 'live-2', simulation_name: 'elsewhere', output_params: { v: 1 }, replace: true });
      expect(await stats()).toMatchObject({ count: 1, avg_value: 10, max_value: 10 });

      await results.delete('/results/live-1');
      expect(await stats()).toMatchObject({ count: 0, avg_value: null, param_type: null });
    });

    // sim2l's own service answers so, and its client raises on a 404 (contract §6): this used to be a 404.
    it('answers 200 with count 0 and the rest null for a simulation with no results', async () => {
      for (const query of ['', '?class=input']) {
        const response = await results.get(`/stats/no-such-sim/y${query}`);
        expect({ status: response.status, body: response.body }).toEqual({
          status: 200,
          body: {
            simulation_name: 'no-such-sim',
            param_name: 'y',
            param_class: query === '' ? 'output' : 'input',
            param_type: null,
            count: 0,
            avg_value: null,
            min_value: null,
            max_value: null,
          },
        });
      }
    });

    it.each([
      ['class=foo', 'class must be input or output'],
      ['class=Output', 'class must be input or output'],
      ['class=', 'class must be input or output'],
      ['param_class=inputs', 'param_class must be input or output'],
      ['class=input&class=output', 'class must be input or output'],
      ['class=input&param_class=output', 'class and param_class disagree; give one of them'],
      ['klass=input', 'property klass should not exist'],
    ])('answers 400 to ?%s', async (query, message) => {
      expectError(await results.get(`/stats/stats-sim/y?${query}`), 400, message);
    });

    it('answers 400 to names that cannot exist', async () => {
      expectError(await results.get(`/stats/${'s'.repeat(257)}/y`), 400, 'simulation_name must be 1 to 256 characters');
      expectError(await results.get(`/stats/stats-sim/${'p'.repeat(257)}`), 400, 'param_name must be 1 to 256 characters');
      // U+0000 is refused for every path before routing (issue 22, item 13).
      expectError(await results.get('/stats/stats-sim/a%00b'), 400, 'URL path must not contain U+0000');
    });

    it('decodes percent-encoded names', async () => {
      await results.stored({ execution_id: 'stats-encoded', simulation_name: 'sim/with slash', output_params: { 'peak temp': 5 } });
      expect((await results.get('/stats/sim%2Fwith%20slash/peak%20temp')).body).toMatchObject({
        simulation_name: 'sim/with slash',
        param_name: 'peak temp',
        count: 1,
      });
    });
  });
});
