import { useSessions } from '@simsvc/testing';
import { INestApplication } from '@nestjs/common';
import { createServiceApp } from '@simsvc/platform';
import { AddressInfo } from 'node:net';
import request from 'supertest';
import { AppModule } from '../src/app/app.module';
import { emptyStats, makeExecution, registerSimulation, useCatalogService } from './support/catalog-test-service';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
const STATES = ['pending', 'running', 'completed', 'failed', 'cancelled', 'cached'] as const;
const FINAL = ['completed', 'failed', 'cancelled', 'cached'];

describe('executions and statistics (contract §5)', () => {
  const svc = useCatalogService();
  const sessions = useSessions(svc, 'user');
  let simulationId: number;

  beforeAll(async () => {
    simulationId = (await registerSimulation(svc)).id;
  });

  const record = (body: Record<string, unknown>) => svc.http().post('/executions').set('X-Session-ID', sessions.user).send(body);
  const fetchExecution = async (id: string) => (await svc.http().get(`/executions/${id}`).set('X-Session-ID', sessions.user)).body;
  const stats = async (id: number) =>
    (await svc.http().get(`/simulations/${id}/stats`).set('X-Session-ID', sessions.user).expect(200)).body;

  describe('POST /executions', () => {
    it('records a new execution: 201 with every field', async () => {
      const body = makeExecution(simulationId, {
        status: 'running',
        squid_id: 'heat-1d/abc',
        executor_type: 'local',
        started_at: '2026-11-22T10:12:25.123',
        input_hash: 'h1',
        run_db_path: '/runs/x.db',
        user_id: 'alice',
        cache_hit: false,
      });
      const { status, body: created } = await record(body);
      expect(status).toBe(201);
      expect(created).toEqual({
        execution_id: body.execution_id,
        simulation_id: simulationId,
        squid_id: 'heat-1d/abc',
        status: 'running',
        executor_type: 'local',
        started_at: '2026-11-22T10:12:25.123000',
        completed_at: null,
        duration_seconds: null,
        cache_hit: false,
        input_hash: 'h1',
        run_db_path: '/runs/x.db',
        user_id: 'alice',
        output_count: 0,
        artifact_count: 0,
        error_count: 0,
        warning_count: 0,
        created_at: expect.stringMatching(ISO),
        updated_at: created.created_at,
      });
      expect(await fetchExecution(body.execution_id as string)).toEqual(created);
    });

    it.each(STATES)('a new execution may start in %s', async (state) => {
      const { status, body } = await record(makeExecution(simulationId, { status: state }));
      expect([status, body.status]).toEqual([201, state]);
      if (state === 'running') expect(body.started_at).toMatch(ISO);
      if (FINAL.includes(state)) expect(body.completed_at).toMatch(ISO);
      expect(body.cache_hit).toBe(state === 'cached');
    });

    it('takes success as completed', async () => {
      const created = await record(makeExecution(simulationId, { status: 'success' }));
      expect([created.status, created.body.status]).toEqual([201, 'completed']);
      const moving = await record(makeExecution(simulationId, { status: 'running' }));
      const moved = await record({ ...makeExecution(simulationId), execution_id: moving.body.execution_id, status: 'success' });
      expect([moved.status, moved.body.status]).toEqual([200, 'completed']);
    });

    it('moves pending → running → completed with 200, merging the fields given and keeping the others', async () => {
      const body = makeExecution(simulationId, { squid_id: 's1', user_id: 'bob' });
      await record(body).expect(201);
      const running = await record({ ...body, status: 'running', squid_id: null, started_at: '2026-01-01T00:00:00' });
      expect(running.status).toBe(200);
      expect(running.body).toMatchObject({ status: 'running', squid_id: 's1', user_id: 'bob', started_at: '2026-01-01T00:00:00.000000' });
      const done = await record({
        ...body,
        status: 'completed',
        duration_seconds: 12.5,
        completed_at: '2026-01-01T00:00:12.5Z',
        run_db_path: '/r.db',
      });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({
        status: 'completed',
        duration_seconds: 12.5,
        completed_at: '2026-01-01T00:00:12.500000',
        started_at: '2026-01-01T00:00:00.000000',
        run_db_path: '/r.db',
        created_at: running.body.created_at,
      });
      expect(done.body.updated_at >= running.body.updated_at).toBe(true);
    });

    it('lets pending go straight to any final state', async () => {
      for (const state of FINAL) {
        const body = makeExecution(simulationId);
        await record(body).expect(201);
        expect((await record({ ...body, status: state })).status).toBe(200);
      }
    });

    it('is idempotent: re-sending the current state is a 200 no-op that changes nothing', async () => {
      for (const state of STATES) {
        const body = makeExecution(simulationId, { status: state, user_id: 'first' });
        const created = (await record(body).expect(201)).body;
        const again = await record({ ...body, user_id: 'second', duration_seconds: 3 });
        expect([state, again.status]).toEqual([state, 200]);
        expect(again.body).toEqual(created);
        expect(await fetchExecution(body.execution_id as string)).toEqual(created);
      }
    });

    describe('refuses every move backwards or out of a final state with 409, changing nothing', () => {
      const refused = STATES.flatMap((from) =>
        STATES.filter((to) => to !== from && (FINAL.includes(from) || to === 'pending')).map((to) => [from, to]),
      );

      it.each(refused)('%s → %s', async (from, to) => {
        const body = makeExecution(simulationId, { status: from });
        const created = (await record(body).expect(201)).body;
        const response = await record({ ...body, status: to, user_id: 'changed' });
        expect(response.status).toBe(409);
        expect(response.body).toMatchObject({
          statusCode: 409,
          error: 'Conflict',
          message: expect.stringContaining(`execution ${body.execution_id}`),
        });
        expect(response.body.message).toMatch(
          FINAL.includes(from)
            ? `execution is ${from}, a final state; it cannot become ${to}`
            : `execution cannot move from ${from} back to ${to}`,
        );
        expect(await fetchExecution(body.execution_id as string)).toEqual(created);
      });
    });

    it('answers 404 for an unknown simulation_id and records nothing', async () => {
      const body = makeExecution(2147483000);
      const response = await record(body);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'simulation 2147483000 not found' });
      expect((await svc.http().get(`/executions/${body.execution_id}`).set('X-Session-ID', sessions.user)).status).toBe(404);
    });

    it('refuses moving an execution of another simulation (409), or of an unknown one (404)', async () => {
      const other = (await registerSimulation(svc)).id;
      const body = makeExecution(simulationId);
      const created = (await record(body).expect(201)).body;
      const conflict = await record({ ...body, simulation_id: other, status: 'running' });
      expect(conflict.status).toBe(409);
      expect(conflict.body.message).toBe(`execution ${body.execution_id} belongs to simulation ${simulationId}, not ${other}`);
      expect((await record({ ...body, simulation_id: 2147483001, status: 'running' })).status).toBe(404);
      expect(await fetchExecution(body.execution_id as string)).toEqual(created);
    });

    describe('bad input: 400 in the error shape, nothing recorded', () => {
      it.each([
        ['a bad status', { status: 'done' }, 'status must be one of pending, running, completed, failed, cancelled, cached, success'],
        [
          'an upper-case status',
          { status: 'RUNNING' },
          'status must be one of pending, running, completed, failed, cancelled, cached, success',
        ],
        ['no status', { status: undefined }, 'status must be one of pending, running, completed, failed, cancelled, cached, success'],
        ['a bad execution_id', { execution_id: 'a b' }, 'execution_id must match [A-Za-z0-9][A-Za-z0-9._-]{0,127}'],
        ['a long execution_id', { execution_id: 'e'.repeat(129) }, 'execution_id must match [A-Za-z0-9][A-Za-z0-9._-]{0,127}'],
        ['no simulation_id', { simulation_id: undefined }, 'simulation_id must be an integer from 1 to 2147483647'],
        ['a string simulation_id', { simulation_id: '1' }, 'simulation_id must be an integer from 1 to 2147483647'],
        ['simulation_id 0', { simulation_id: 0 }, 'simulation_id must be an integer from 1 to 2147483647'],
        ['a negative duration', { duration_seconds: -1 }, 'duration_seconds must be a number from 0 to 1000000000'],
        ['a string duration', { duration_seconds: '5' }, 'duration_seconds must be a number from 0 to 1000000000'],
        ['a bad timestamp', { started_at: 'yesterday' }, 'started_at must be an ISO 8601 timestamp such as 2026-11-22T10:12:25.123000'],
        [
          'completed before started',
          { started_at: '2026-01-02T00:00:00', completed_at: '2026-01-01T00:00:00' },
          'completed_at must not be before started_at',
        ],
        ['a non-boolean cache_hit', { cache_hit: 'yes' }, 'cache_hit must be true or false'],
        ['an unknown field', { result: 1 }, 'property result should not exist'],
      ])('%s', async (_case, overrides, message) => {
        const body = makeExecution(simulationId, overrides);
        const response = await record(body);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
        if (typeof body.execution_id === 'string' && /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(body.execution_id)) {
          expect((await svc.http().get(`/executions/${body.execution_id}`).set('X-Session-ID', sessions.user)).status).toBe(404);
        }
      });
    });
  });

  describe('a body too deep to validate, or with a __proto__ key', () => {
    it.each([
      [
        'nested 10,000 levels',
        (id: string) =>
          `{"execution_id":"${id}","simulation_id":SIM,"status":"pending","executor_type":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
        'request body is nested more than 72 levels deep',
      ],
      [
        'with a __proto__ key',
        (id: string) => `{"execution_id":"${id}","simulation_id":SIM,"status":"pending","__proto__":{"status":"completed"}}`,
        'request body must not use __proto__ as a key',
      ],
    ])('POST /executions with a body %s → 400, nothing recorded', async (_case, text, message) => {
      const id = makeExecution(simulationId).execution_id as string;
      const response = await svc
        .http()
        .post('/executions')
        .set('X-Session-ID', sessions.user)
        .set('Content-Type', 'application/json')
        .send(text(id).replace('SIM', String(simulationId)));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message, details: [message] });
      expect((await svc.http().get(`/executions/${id}`).set('X-Session-ID', sessions.user)).status).toBe(404);
    });
  });

  describe('GET /executions/{execution_id}', () => {
    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const missing = await svc.http().get('/executions/never-recorded').set('X-Session-ID', sessions.user);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('execution never-recorded not found');
      const malformed = await svc.http().get('/executions/.bad').set('X-Session-ID', sessions.user);
      expect([malformed.status, malformed.body.message]).toEqual([400, 'execution_id must match [A-Za-z0-9][A-Za-z0-9._-]{0,127}']);
    });
  });

  describe('GET /simulations/{id}/executions', () => {
    it('lists newest first with X-Total-Count, filters by status (success = completed), pages', async () => {
      const id = (await registerSimulation(svc)).id;
      const ids: string[] = [];
      for (const state of ['pending', 'completed', 'failed', 'completed', 'running'])
        ids.unshift((await record(makeExecution(id, { status: state })).expect(201)).body.execution_id);
      const all = await svc.http().get(`/simulations/${id}/executions`).set('X-Session-ID', sessions.user);
      expect(all.status).toBe(200);
      expect(all.headers['x-total-count']).toBe('5');
      expect(all.body.map((e: { execution_id: string }) => e.execution_id)).toEqual(ids);
      const completed = await svc
        .http()
        .get(`/simulations/${id}/executions?status=success&limit=1&offset=1`)
        .set('X-Session-ID', sessions.user);
      expect(completed.headers['x-total-count']).toBe('2');
      expect(completed.body.map((e: { execution_id: string }) => e.execution_id)).toEqual([ids[3]]);
    });

    it('answers [] for a simulation without executions, 404 for an unknown one, 400 for bad filters', async () => {
      const id = (await registerSimulation(svc)).id;
      const empty = await svc.http().get(`/simulations/${id}/executions`).set('X-Session-ID', sessions.user);
      expect([empty.status, empty.body, empty.headers['x-total-count']]).toEqual([200, [], '0']);
      expect((await svc.http().get('/simulations/2147483002/executions').set('X-Session-ID', sessions.user)).status).toBe(404);
      const bad = await svc.http().get(`/simulations/${id}/executions?status=done`).set('X-Session-ID', sessions.user);
      expect([bad.status, bad.body.message]).toEqual([
        400,
        'status must be one of pending, running, completed, failed, cancelled, cached, success',
      ]);
      expect((await svc.http().get(`/simulations/${id}/executions?limit=5000`).set('X-Session-ID', sessions.user)).status).toBe(400);
      const huge = await svc
        .http()
        .get(`/simulations/${id}/executions?offset=999999999999999999999999999999`)
        .set('X-Session-ID', sessions.user);
      const message = 'offset must be at most 9007199254740991';
      expect([huge.status, huge.body]).toEqual([400, { statusCode: 400, error: 'Bad Request', message, details: [message] }]);
      const last = await svc.http().get(`/simulations/${id}/executions?offset=9007199254740991`).set('X-Session-ID', sessions.user);
      expect([last.status, last.body]).toEqual([200, []]);
      expect((await svc.http().get('/simulations/zero/executions').set('X-Session-ID', sessions.user)).status).toBe(400);
    });
  });

  describe('GET /simulations/{id}/stats', () => {
    it('is all zero with null durations for a simulation without executions', async () => {
      const id = (await registerSimulation(svc)).id;
      expect(await stats(id)).toEqual(emptyStats(id));
    });

    it('counts every state; success_rate and durations over finished executions only, exactly', async () => {
      const id = (await registerSimulation(svc)).id;
      const runs: [string, number | null][] = [
        ['completed', 0.1],
        ['completed', 0.2],
        ['cached', 0.4],
        ['failed', 1.3],
        ['cancelled', null],
        ['completed', null],
        ['running', 100],
        ['pending', 200],
        ['pending', null],
      ];
      for (const [state, duration] of runs) await record(makeExecution(id, { status: state, duration_seconds: duration })).expect(201);
      expect(await stats(id)).toEqual({
        simulation_id: id,
        total_executions: 9,
        successful: 3,
        failed: 1,
        cached: 1,
        cancelled: 1,
        running: 1,
        pending: 2,
        success_rate: 4 / 6,
        avg_duration: 0.5,
        min_duration: 0.1,
        max_duration: 1.3,
      });
    });

    it('follows moves: a running duration counts once the execution finishes', async () => {
      const id = (await registerSimulation(svc)).id;
      const body = makeExecution(id, { status: 'running', duration_seconds: 7 });
      await record(body).expect(201);
      expect(await stats(id)).toMatchObject({ running: 1, successful: 0, avg_duration: null });
      await record({ ...body, status: 'completed', duration_seconds: 9 }).expect(200);
      expect(await stats(id)).toMatchObject({
        total_executions: 1,
        running: 0,
        successful: 1,
        success_rate: 1,
        avg_duration: 9,
        min_duration: 9,
        max_duration: 9,
      });
      await record({ ...body, status: 'failed' }).expect(409);
      expect(await stats(id)).toMatchObject({ successful: 1, failed: 0 });
    });

    it('keeps durations to the microsecond and sums them without rounding drift', async () => {
      const id = (await registerSimulation(svc)).id;
      for (let i = 0; i < 10; i += 1) await record(makeExecution(id, { status: 'completed', duration_seconds: 0.1 })).expect(201);
      await record(makeExecution(id, { status: 'failed', duration_seconds: 1.0000004 })).expect(201);
      const figures = await stats(id);
      expect(figures.avg_duration).toBe(2 / 11);
      expect(figures.min_duration).toBe(0.1);
      expect(figures.max_duration).toBe(1);
    });

    it("answers an unknown id with zero counts and null durations (sim2l's answer), a malformed one with 400", async () => {
      const missing = await svc.http().get('/simulations/2147483003/stats').set('X-Session-ID', sessions.user);
      expect([missing.status, missing.body]).toEqual([200, emptyStats(2147483003)]);
      expect((await svc.http().get('/simulations/1e3/stats').set('X-Session-ID', sessions.user)).status).toBe(400);
    });

    it('agrees with the executions list after many random moves', async () => {
      const id = (await registerSimulation(svc)).id;
      const bodies = Array.from({ length: 20 }, (_, i) =>
        makeExecution(id, { status: STATES[i % 2], duration_seconds: i % 3 === 0 ? null : i / 8 }),
      );
      for (const body of bodies) await record(body).expect(201);
      for (let round = 0; round < 3; round += 1) {
        await Promise.all(bodies.map((body, i) => record({ ...body, status: STATES[(i * 7 + round * 3) % STATES.length] })));
      }
      const executions = (await svc.http().get(`/simulations/${id}/executions?limit=1000`).set('X-Session-ID', sessions.user)).body as {
        status: string;
        duration_seconds: number | null;
      }[];
      const figures = await stats(id);
      const count = (state: string) => executions.filter((e) => e.status === state).length;
      const finished = executions.filter((e) => FINAL.includes(e.status));
      const durations = finished.map((e) => e.duration_seconds).filter((d): d is number => d !== null);
      expect(figures).toMatchObject({
        total_executions: 20,
        successful: count('completed'),
        failed: count('failed'),
        cached: count('cached'),
        cancelled: count('cancelled'),
        running: count('running'),
        pending: count('pending'),
      });
      expect(figures.success_rate).toBeCloseTo(finished.length === 0 ? 0 : (count('completed') + count('cached')) / finished.length, 12);
      if (durations.length === 0) expect(figures.avg_duration).toBeNull();
      else {
        expect(figures.avg_duration).toBeCloseTo(durations.reduce((a, b) => a + b, 0) / durations.length, 9);
        expect(figures.min_duration).toBe(Math.min(...durations));
        expect(figures.max_duration).toBe(Math.max(...durations));
      }
    });
  });

  describe('concurrency: 200 state moves on one execution through three replicas on one database', () => {
    let replicas: INestApplication[];
    let urls: string[];

    beforeAll(async () => {
      replicas = [];
      urls = [svc.url];
      for (let i = 0; i < 2; i += 1) {
        const app = await createServiceApp(AppModule.forRoot(svc.config), svc.config);
        await app.listen(0, '127.0.0.1');
        replicas.push(app);
        urls.push(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`);
      }
    }, 60_000);
    afterAll(async () => {
      for (const app of replicas) await app.close();
    });

    it('never skips the state machine: one final state wins, other final states get 409', async () => {
      const id = (await registerSimulation(svc)).id;
      const body = makeExecution(id, { status: 'pending' });
      await record(body).expect(201);
      const wanted = Array.from({ length: 200 }, (_, i) => (i % 10 === 0 ? 'running' : i % 10 === 1 ? 'pending' : FINAL[i % FINAL.length]));
      const responses = await Promise.all(
        wanted.map((status, i) =>
          request(urls[i % urls.length])
            .post('/executions')
            .set('X-Session-ID', sessions.user)
            .send({ ...body, status })
            .then((response) => ({ status, code: response.status, result: response.body.status as string | undefined })),
        ),
      );
      const final = (await fetchExecution(body.execution_id as string)).status as string;
      expect(FINAL).toContain(final);
      const finalAccepted = responses.filter((r) => FINAL.includes(r.status) && r.code === 200);
      expect(new Set(finalAccepted.map((r) => r.result))).toEqual(new Set([final]));
      expect(finalAccepted).toHaveLength(wanted.filter((status) => status === final).length);
      for (const r of responses.filter((r) => FINAL.includes(r.status) && r.status !== final)) expect(r.code).toBe(409);
      // pending and running are 200 only while the execution is still in them (a re-send), else 409.
      for (const r of responses.filter((r) => r.status === 'pending' || r.status === 'running')) {
        expect(r.code === 409 || (r.code === 200 && r.result === r.status)).toBe(true);
      }
      expect(responses.every((r) => r.code === 200 || r.code === 409)).toBe(true);
      const figures = await stats(id);
      expect(figures.total_executions).toBe(1);
      const finished = FINAL.map((state) => figures[state === 'completed' ? 'successful' : state] as number);
      expect(finished.reduce((a, b) => a + b, 0)).toBe(1);
    }, 60_000);

    it('creates one execution when 50 requests through the replicas race to record the same new execution_id', async () => {
      const id = (await registerSimulation(svc)).id;
      const body = makeExecution(id, { status: 'running' });
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          request(urls[i % urls.length])
            .post('/executions')
            .set('X-Session-ID', sessions.user)
            .send(body),
        ),
      );
      expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
      expect(responses.filter((r) => r.status === 200)).toHaveLength(49);
      expect((await stats(id)).total_executions).toBe(1);
    }, 60_000);
  });
});
