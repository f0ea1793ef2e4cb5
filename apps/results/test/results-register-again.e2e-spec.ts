import { makeRunFixture, writeRunDatabase } from '@simsvc/testing';
import { join } from 'node:path';
import { expectError, useResultsService } from './support/results-test-service';

// Real services on real databases, on shared CI machines: more than jest's default 5 s.
jest.setTimeout(60_000);

// POST /register of an execution_id registered already (contract §6, §7).
describe('POST /register again', () => {
  const results = useResultsService();

  /** Refused with status and message, and the store (the result included) is exactly as before. */
  async function expectRefused(body: Record<string, unknown>, status: number, message: string): Promise<void> {
    const stored = async () => (await results.get(`/results/${body['execution_id'] as string}`)).body;
    const before = { all: await results.snapshot(['heat-1d']), result: await stored() };
    expectError(await results.register(body), status, message);
    expect({ all: await results.snapshot(['heat-1d']), result: await stored() }).toEqual(before);
  }

  // sim2l updates a result in place and its examples register their runs again (contract §6, §7):
  // this used to be a 409 without `replace: true`.
  describe('an execution_id already registered', () => {
    it('is updated in place: 200, the same result_id and created_at, the values read again', async () => {
      results.writeRun({ execution_id: 'reg-again', outputs: { max_temperature: 1 } });
      const first = await results.register({ execution_id: 'reg-again', metadata: { attempt: 1 } });
      const before = (await results.get('/results/reg-again')).body;
      await results.stored({ execution_id: 'reg-after' });
      results.writeRun({ execution_id: 'reg-again', status: 'failed', outputs: { max_temperature: 2, extra: 'x' } });

      const second = await results.register({ execution_id: 'reg-again', metadata: { attempt: 2 } });

      expect(second.status).toBe(200);
      // A new output: another parameter set, so another schema_id.
      expect(second.body).toEqual({ ...first.body, output_count: 2, schema_id: expect.any(Number) });
      expect(second.body.schema_id).not.toBe(first.body.schema_id);
      const after = (await results.get('/results/reg-again')).body;
      expect(after).toMatchObject({
        id: first.body.result_id,
        created_at: before.created_at,
        status: 'failed',
        output_params: { max_temperature: 2, extra: 'x' },
        metadata: { attempt: 2 },
      });
      expect(after.schema.outputs).toHaveProperty('extra');
      const newest = await results.matches('heat-1d');
      expect(newest.indexOf('reg-after')).toBeLessThan(newest.indexOf('reg-again'));
      expect(newest.filter((id) => id === 'reg-again')).toHaveLength(1);
      expect(await results.matches('heat-1d', { output_filters: { max_temperature: 1 } })).not.toContain('reg-again');
      expect(await results.matches('heat-1d', { output_filters: { max_temperature: 2 } })).toContain('reg-again');
    });

    it('accepts replace, true or false, and does the same', async () => {
      results.writeRun({ execution_id: 'reg-replace' });
      const first = await results.register({ execution_id: 'reg-replace' });
      for (const replace of [true, false, null]) {
        const again = await results.register({ execution_id: 'reg-replace', replace });
        expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: first.body });
      }
      results.writeRun({ execution_id: 'reg-replace-new' });
      await results.register({ execution_id: 'reg-replace-new', replace: true }).then((r) => expect(r.status).toBe(200));
    });

    it('takes over a result registered inline, keeping its result_id', async () => {
      const inline = await results.registerDirect({ execution_id: 'reg-over-direct', simulation_name: 'inline-sim' });
      results.writeRun({ execution_id: 'reg-over-direct' });
      expect((await results.get('/stats/inline-sim/max_temperature')).body).toMatchObject({ count: 1 });

      const registered = await results.register({ execution_id: 'reg-over-direct' });

      expect(registered.status).toBe(200);
      expect(registered.body.result_id).toBe(inline.body.result_id);
      expect((await results.get('/results/reg-over-direct')).body).toMatchObject({
        simulation_name: 'heat-1d',
        run_db_path: 'reg-over-direct.db',
        schema: { inputs: { n_points: { type: 'integer' } } },
      });
      expect(await results.matches('inline-sim')).not.toContain('reg-over-direct');
      // The statistics of the simulation it left follow at once (its figures were cached above).
      expect((await results.get('/stats/inline-sim/max_temperature')).body).toMatchObject({ count: 0, param_type: null });
    });

    it('is refused as a first registration would be, and then the stored result stays as it was', async () => {
      results.writeRun({ execution_id: 'reg-keep' });
      await results.register({ execution_id: 'reg-keep' }).then((r) => expect(r.status).toBe(200));
      const before = (await results.get('/results/reg-keep')).body;
      writeRunDatabase(join(results.runsRoot, 'reg-keep.db'), makeRunFixture({ execution_id: 'someone-else' }));

      await expectRefused(
        { execution_id: 'reg-keep' },
        422,
        'execution_id in the run database (someone-else) differs from the request (reg-keep)',
      );

      expect((await results.get('/results/reg-keep')).body).toEqual(before);
    });

    it('lets concurrent registrations of one execution_id all succeed on one result', async () => {
      results.writeRun({ execution_id: 'reg-race' });
      const responses = await Promise.all(Array.from({ length: 6 }, () => results.register({ execution_id: 'reg-race' })));
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(responses.map((r) => r.body.result_id)).size).toBe(1);
      expect((await results.matches('heat-1d', {})).filter((id) => id === 'reg-race')).toHaveLength(1);
      expect(await results.matches('heat-1d', { output_filters: { max_temperature: 373.15 } })).toContain('reg-race');
    });
  });

  it('reads an empty run_db_path as absent: the default <execution_id>.db (sim2l sends "" for none)', async () => {
    results.writeRun({ execution_id: 'reg-empty-path' });
    const response = await results.register({ execution_id: 'reg-empty-path', run_db_path: '' });
    expect(response.status).toBe(200);
    expect((await results.get('/results/reg-empty-path')).body.run_db_path).toBe('reg-empty-path.db');
  });
});
