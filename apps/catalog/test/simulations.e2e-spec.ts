import { useSessions } from '@simsvc/testing';
import { NO_PROVENANCE } from './support/no-provenance';
import { makeExecution, makeSimulation, registerSimulation, useCatalogService, uniqueName } from './support/catalog-test-service';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

describe('simulations (contract §5)', () => {
  const svc = useCatalogService();
  const sessions = useSessions(svc, 'developer', 'user');

  const register = (body: Record<string, unknown>) => svc.http().post('/simulations').set('X-Session-ID', sessions.developer).send(body);
  const getByName = (name: string, version?: string) =>
    svc
      .http()
      .get(`/simulations/${encodeURIComponent(name)}`)
      .query(version === undefined ? {} : { version })
      .set('X-Session-ID', sessions.user);
  const versionsOf = async (name: string) =>
    (await svc.http().get(`/simulations/${name}/versions`).set('X-Session-ID', sessions.user)).body as { version: string }[];

  describe('POST /simulations', () => {
    it('registers a tool version: 201 with the full simulation', async () => {
      const body = makeSimulation();
      const { status, body: created } = await register(body);
      expect(status).toBe(201);
      expect(created).toEqual({
        id: expect.any(Number),
        name: body.name,
        version: '1.0.0',
        description: body.description,
        author: 'Ada Lovelace',
        tags: ['heat', 'pde'],
        input_schema: body.input_schema,
        output_schema: body.output_schema,
        status: 'active',
        created_at: expect.stringMatching(ISO),
        updated_at: created.created_at,
        ...NO_PROVENANCE,
      });
    });

    it('applies defaults: empty description, no author, no tags, empty schemas, active', async () => {
      const name = uniqueName('bare');
      const { status, body } = await register({ name, version: '0.1' });
      expect(status).toBe(201);
      expect(body).toMatchObject({
        name,
        version: '0.1',
        description: '',
        author: null,
        tags: [],
        input_schema: {},
        output_schema: {},
        status: 'active',
      });
    });

    // Schemas are kept as sent, null values included (contract §7: sim2l's native schemas come back unchanged).
    it('accepts schema: {inputs, outputs} instead of the two schema fields, and null as absent', async () => {
      const { body } = await register(
        makeSimulation({
          input_schema: null,
          output_schema: null,
          author: null,
          schema: { inputs: { x: { type: 'file', description: null } }, outputs: { y: { type: 'array', options: [1, 2] } } },
        }),
      );
      expect(body.input_schema).toEqual({ x: { type: 'file', description: null } });
      expect(body.output_schema).toEqual({ y: { type: 'array', options: [1, 2] } });
      expect(body.author).toBeNull();
    });

    it('keeps every PARAM field and type', async () => {
      const inputs = Object.fromEntries(
        ['number', 'integer', 'string', 'boolean', 'array', 'object', 'file'].map((type) => [
          `p_${type}`,
          { type, units: 'u', min: -1, max: 1, default: { any: ['json'] }, description: 'd', options: ['a'] },
        ]),
      );
      const { body } = await register(makeSimulation({ input_schema: inputs }));
      expect(body.input_schema).toEqual(inputs);
    });

    it('trims tags and drops case-insensitive repeats', async () => {
      const { body } = await register(makeSimulation({ tags: [' CFD ', 'cfd', 'Heat transfer'] }));
      expect(body.tags).toEqual(['CFD', 'Heat transfer']);
    });

    it('refuses a duplicate (name, version) with 409 and changes nothing', async () => {
      const first = await registerSimulation(svc);
      const { status, body } = await register(makeSimulation({ name: first.name, description: 'other' }));
      expect(status).toBe(409);
      expect(body).toEqual({ statusCode: 409, error: 'Conflict', message: `simulation ${first.name} 1.0.0 already exists` });
      expect((await getByName(first.name)).body).toEqual(first);
      expect(await versionsOf(first.name)).toHaveLength(1);
    });

    it('lets the same name have several versions and names differ by case', async () => {
      const name = uniqueName('multi');
      expect((await register(makeSimulation({ name, version: '1.0.0' }))).status).toBe(201);
      expect((await register(makeSimulation({ name, version: '1.0.1' }))).status).toBe(201);
      expect((await register(makeSimulation({ name: name.toUpperCase(), version: '1.0.0' }))).status).toBe(201);
    });

    describe('bad input: 400 in the error shape, nothing registered', () => {
      const cases: [string, Record<string, unknown>, string][] = [
        ['a name with a space', { name: 'heat 1d' }, 'name must match [A-Za-z0-9][A-Za-z0-9._-]{0,127}'],
        ['a name starting with a dot', { name: '.hidden' }, 'name must match [A-Za-z0-9][A-Za-z0-9._-]{0,127}'],
        ['a name of 129 characters', { name: 'a'.repeat(129) }, 'name must match [A-Za-z0-9][A-Za-z0-9._-]{0,127}'],
        ['a name with a slash', { name: 'a/b' }, 'name must match [A-Za-z0-9][A-Za-z0-9._-]{0,127}'],
        ['the reserved name search', { name: 'search' }, 'name must not be search (reserved)'],
        ['no name', { name: undefined }, 'name must match [A-Za-z0-9][A-Za-z0-9._-]{0,127}'],
        ['a null name', { name: null }, 'name must match [A-Za-z0-9][A-Za-z0-9._-]{0,127}'],
        ['a numeric name', { name: 42 }, 'name must match [A-Za-z0-9][A-Za-z0-9._-]{0,127}'],
        ['no version', { version: undefined }, 'version must match [A-Za-z0-9][A-Za-z0-9._+-]{0,127}'],
        ['a version with a space', { version: '1.0 final' }, 'version must match [A-Za-z0-9][A-Za-z0-9._+-]{0,127}'],
        [
          'an array as input_schema',
          { input_schema: [{ type: 'number' }] },
          'input_schema must be a JSON object mapping parameter names to parameters',
        ],
        [
          'a string as output_schema',
          { output_schema: 'number' },
          'output_schema must be a JSON object mapping parameter names to parameters',
        ],
        ['a PARAM that is not an object', { input_schema: { x: 'number' } }, 'input_schema.x must be a JSON object with a type'],
        [
          'a PARAM without type',
          { input_schema: { x: { units: 'm' } } },
          'input_schema.x.type must be one of number, integer, string, boolean, array, object, file, Number, Integer, Text, Element, Boolean, Array, List, Dict, Image',
        ],
        [
          'an unknown PARAM type',
          { output_schema: { x: { type: 'float' } } },
          'output_schema.x.type must be one of number, integer, string, boolean, array, object, file, Number, Integer, Text, Element, Boolean, Array, List, Dict, Image',
        ],
        ['a non-numeric min', { input_schema: { x: { type: 'number', min: '0' } } }, 'input_schema.x.min must be a number'],
        ['min above max', { input_schema: { x: { type: 'number', min: 2, max: 1 } } }, 'input_schema.x.min must not be greater than max'],
        [
          'options that are not an array',
          { input_schema: { x: { type: 'string', options: 'a|b' } } },
          'input_schema.x.options must be an array',
        ],
        [
          'a non-object schema',
          { input_schema: undefined, output_schema: undefined, schema: [] },
          'schema must be a JSON object {inputs, outputs}',
        ],
        [
          'schema with a bad side',
          { input_schema: undefined, output_schema: undefined, schema: { inputs: 5 } },
          'schema.inputs must be a JSON object mapping parameter names to parameters',
        ],
        ['schema together with input_schema', { schema: { inputs: {} } }, 'give input_schema/output_schema or schema, not both'],
        [
          'tags that are not an array',
          { tags: 'heat,pde' },
          'tags must be an array of at most 64 strings of 1 to 64 characters without commas or control characters',
        ],
        [
          'a tag with a comma',
          { tags: ['a,b'] },
          'tags must be an array of at most 64 strings of 1 to 64 characters without commas or control characters',
        ],
        [
          'an empty tag',
          { tags: ['  '] },
          'tags must be an array of at most 64 strings of 1 to 64 characters without commas or control characters',
        ],
        [
          '65 tags',
          { tags: Array.from({ length: 65 }, (_, i) => `t${i}`) },
          'tags must be an array of at most 64 strings of 1 to 64 characters without commas or control characters',
        ],
        ['an unknown status', { status: 'retired' }, 'status must be one of active, deprecated'],
        ['a numeric description', { description: 5 }, 'description must be a string of at most 8192 characters'],
        ['an unknown field', { colour: 'red' }, 'property colour should not exist'],
      ];

      it.each(cases)('%s', async (_case, overrides, message) => {
        const body = makeSimulation(overrides);
        const response = await register(body);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
        expect(response.body.details).toContain(message);
        if (typeof body.name === 'string' && body.name !== 'search' && /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(body.name)) {
          expect((await getByName(body.name)).status).toBe(404);
        }
      });

      describe('a body too deep to validate, or with a __proto__ key (every service)', () => {
        const tooDeep = 'request body is nested more than 72 levels deep';
        const proto = 'request body must not use __proto__ as a key';
        /** A registration as JSON text with `input_schema` given as text. */
        const withInputSchema = (name: string, inputSchemaJson: string) =>
          `${JSON.stringify(makeSimulation({ name, input_schema: undefined })).slice(0, -1)},"input_schema":${inputSchemaJson}}`;
        const registerText = (text: string) =>
          svc.http().post('/simulations').set('X-Session-ID', sessions.developer).set('Content-Type', 'application/json').send(text);

        it.each([
          ['a default of 10,000 nested arrays', `{"x":{"type":"array","default":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`, tooDeep],
          [
            'a default of 10,000 nested objects',
            `{"x":{"type":"object","default":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}}`,
            tooDeep,
          ],
          ['a parameter named __proto__', '{"__proto__":{"type":"number"},"n":{"type":"integer"}}', proto],
          ['a __proto__ key in a default', '{"x":{"type":"object","default":{"__proto__":{"polluted":true}}}}', proto],
        ])('refuses %s with 400 and registers nothing', async (_case, inputSchema, message) => {
          const name = uniqueName('shape');
          const text = withInputSchema(name, inputSchema);
          expect(text.length).toBeLessThan(1024 * 1024);
          const response = await registerText(text);
          expect(response.status).toBe(400);
          expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message, details: [message] });
          expect((await getByName(name)).status).toBe(404);
        });

        it('accepts a default nested within the limit', async () => {
          const name = uniqueName('shape');
          // body → input_schema → x → default: 60 nested arrays end at depth 63 < 72.
          const response = await registerText(withInputSchema(name, `{"x":{"type":"array","default":${'['.repeat(60)}${']'.repeat(60)}}}`));
          expect(response.status).toBe(201);
        });

        it('still answers 401 and 403 before looking at the body', async () => {
          const deep = withInputSchema(uniqueName('shape'), `{"x":{"type":"array","default":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`);
          const anonymous = await svc.http().post('/simulations').set('Content-Type', 'application/json').send(deep);
          expect(anonymous.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'missing X-Session-ID header' });
          const forbidden = await svc
            .http()
            .post('/simulations')
            .set('X-Session-ID', sessions.user)
            .set('Content-Type', 'application/json')
            .send(deep);
          expect(forbidden.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'missing privilege register_simulation' });
        });
      });

      it('refuses a body that is not a JSON object', async () => {
        const response = await svc
          .http()
          .post('/simulations')
          .set('X-Session-ID', sessions.developer)
          .set('Content-Type', 'application/json')
          .send('[1,2]');
        expect(response.status).toBe(400);
        expect(response.body.message).toBe('request body must be a JSON object');
      });
    });
  });

  describe('GET /simulations/{name}', () => {
    it('returns the highest semantic version: 1.10.0 beats 1.9.3, a release beats its release candidate', async () => {
      const name = uniqueName('semver');
      for (const version of ['1.9.3', '1.10.0', '1.2.0', '1.10.0-rc.1', '0.9.0']) await registerSimulation(svc, { name, version });
      const { status, body } = await getByName(name);
      expect(status).toBe(200);
      expect(body.version).toBe('1.10.0');
      expect((await versionsOf(name)).map((s) => s.version)).toEqual(['1.10.0', '1.10.0-rc.1', '1.9.3', '1.2.0', '0.9.0']);
    });

    it('returns the newest registration among non-semantic versions, below any semantic one', async () => {
      const name = uniqueName('calver');
      for (const version of ['2024.10', '2024.02', 'beta']) await registerSimulation(svc, { name, version });
      expect((await getByName(name)).body.version).toBe('beta');
      await registerSimulation(svc, { name, version: '0.0.1' });
      expect((await getByName(name)).body.version).toBe('0.0.1');
      expect((await versionsOf(name)).map((s) => s.version)).toEqual(['0.0.1', 'beta', '2024.02', '2024.10']);
    });

    it('returns an exact version with ?version=, and treats an empty version as none', async () => {
      const name = uniqueName('exact');
      await registerSimulation(svc, { name, version: '1.0.0' });
      await registerSimulation(svc, { name, version: '2.0.0' });
      expect((await getByName(name, '1.0.0')).body.version).toBe('1.0.0');
      expect((await getByName(name, '')).body.version).toBe('2.0.0');
    });

    it('answers 404 for an unknown name or version', async () => {
      const name = uniqueName('missing');
      const response = await getByName(name);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: `simulation ${name} not found` });
      const known = await registerSimulation(svc);
      const byVersion = await getByName(known.name, '9.9.9');
      expect(byVersion.status).toBe(404);
      expect(byVersion.body.message).toBe(`simulation ${known.name} 9.9.9 not found`);
    });

    it('answers 400 for a malformed name or an unknown query parameter', async () => {
      const malformed = await getByName('-bad');
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe('name must match [A-Za-z0-9][A-Za-z0-9._-]{0,127}');
      const unknown = await svc.http().get('/simulations/x?colour=red').set('X-Session-ID', sessions.user);
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe('property colour should not exist');
    });
  });

  describe('GET /simulations/{name}/versions', () => {
    it('pages with limit/offset and reports the total in X-Total-Count', async () => {
      const name = uniqueName('paged');
      for (const version of ['1.0.0', '1.1.0', '1.2.0', '1.3.0']) await registerSimulation(svc, { name, version });
      const response = await svc.http().get(`/simulations/${name}/versions?limit=2&offset=1`).set('X-Session-ID', sessions.user);
      expect(response.status).toBe(200);
      expect(response.headers['x-total-count']).toBe('4');
      expect(response.body.map((s: { version: string }) => s.version)).toEqual(['1.2.0', '1.1.0']);
    });

    it('answers 404 for a name without versions and 400 for bad paging', async () => {
      expect(
        (
          await svc
            .http()
            .get(`/simulations/${uniqueName('none')}/versions`)
            .set('X-Session-ID', sessions.user)
        ).status,
      ).toBe(404);
      const bad = await svc.http().get('/simulations/x/versions?limit=0').set('X-Session-ID', sessions.user);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('limit must be from 1 to 1000');
    });

    it('refuses an offset beyond 2^53 - 1 with 400, and takes 2^53 - 1 itself', async () => {
      const sim = await registerSimulation(svc);
      const message = 'offset must be at most 9007199254740991';
      for (const offset of ['999999999999999999999999999999', '100000000000000000000', '9007199254740992']) {
        const response = await svc.http().get(`/simulations/${sim.name}/versions?offset=${offset}`).set('X-Session-ID', sessions.user);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message, details: [message] });
      }
      const last = await svc.http().get(`/simulations/${sim.name}/versions?offset=9007199254740991`).set('X-Session-ID', sessions.user);
      expect([last.status, last.body, last.headers['x-total-count']]).toEqual([200, [], '1']);
    });
  });

  describe('PATCH /simulations/{id}', () => {
    const patch = (id: number | string, body: Record<string, unknown>) =>
      svc.http().patch(`/simulations/${id}`).set('X-Session-ID', sessions.developer).send(body);

    it('changes description, author, tags, schemas and status; keeps the rest; bumps updated_at', async () => {
      const sim = await registerSimulation(svc);
      const changes = {
        description: 'new words',
        author: 'Grace Hopper',
        tags: ['cfd'],
        input_schema: { a: { type: 'string' } },
        output_schema: { b: { type: 'boolean' } },
        status: 'deprecated',
      };
      const { status, body } = await patch(sim.id, changes);
      expect(status).toBe(200);
      expect(body).toEqual({ ...sim, ...changes, updated_at: expect.stringMatching(ISO) });
      expect(body.updated_at > sim.updated_at).toBe(true);
      expect((await getByName(sim.name)).body).toEqual(body);
    });

    it('changes only the fields given (null means absent) and accepts the schema alias per side', async () => {
      const sim = await registerSimulation(svc);
      const { body } = await patch(sim.id, { description: null, schema: { outputs: { z: { type: 'integer' } } } });
      expect(body).toMatchObject({
        description: sim.description,
        input_schema: sim.input_schema,
        output_schema: { z: { type: 'integer' } },
        tags: sim.tags,
      });
    });

    it('accepts name and version equal to the stored ones, refuses changing them, changes nothing then', async () => {
      const sim = await registerSimulation(svc);
      expect((await patch(sim.id, { name: sim.name, version: sim.version, author: 'x' })).status).toBe(200);
      for (const [field, value] of [
        ['name', 'renamed'],
        ['version', '2.0.0'],
      ]) {
        const response = await patch(sim.id, { [field]: value, author: 'changed' });
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(`${field} cannot be changed`);
      }
      expect((await getByName(sim.name)).body.author).toBe('x');
    });

    it('validates like registration and changes nothing on bad input', async () => {
      const sim = await registerSimulation(svc);
      for (const [body, message] of [
        [{ status: 'gone' }, 'status must be one of active, deprecated'],
        [
          { input_schema: { x: { type: 'decimal' } } },
          'input_schema.x.type must be one of number, integer, string, boolean, array, object, file, Number, Integer, Text, Element, Boolean, Array, List, Dict, Image',
        ],
        [{ tags: [1] }, 'tags must be an array of at most 64 strings of 1 to 64 characters without commas or control characters'],
        [{ schema: { inputs: {} }, input_schema: {} }, 'give input_schema/output_schema or schema, not both'],
        [{ id: 5 }, 'property id should not exist'],
      ] as [Record<string, unknown>, string][]) {
        const response = await patch(sim.id, body);
        expect([response.status, response.body.message]).toEqual([400, message]);
      }
      expect((await getByName(sim.name)).body).toEqual(sim);
    });

    it('refuses a __proto__ key or a body nested too deep with 400 and changes nothing', async () => {
      const sim = await registerSimulation(svc);
      for (const [text, message] of [
        ['{"description":"changed","output_schema":{"__proto__":{"type":"number"}}}', 'request body must not use __proto__ as a key'],
        [`{"description":"changed","tags":${'['.repeat(10_000)}${']'.repeat(10_000)}}`, 'request body is nested more than 72 levels deep'],
      ]) {
        const response = await svc
          .http()
          .patch(`/simulations/${sim.id}`)
          .set('X-Session-ID', sessions.developer)
          .set('Content-Type', 'application/json')
          .send(text);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message, details: [message] });
      }
      expect((await getByName(sim.name)).body).toEqual(sim);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const missing = await patch(2147483647, { author: 'x' });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('simulation 2147483647 not found');
      for (const id of ['abc', '0', '2147483648', '-1', '1.5']) {
        const response = await patch(id, { author: 'x' });
        expect([id, response.status, response.body.message]).toEqual([id, 400, 'simulation id must be an integer from 1 to 2147483647']);
      }
    });
  });

  describe('DELETE /simulations/{id}', () => {
    const remove = (id: number | string) => svc.http().delete(`/simulations/${id}`).set('X-Session-ID', sessions.developer);

    it('deletes a simulation without executions: 200 {status, simulation_id, name, version}', async () => {
      const sim = await registerSimulation(svc);
      const { status, body } = await remove(sim.id);
      expect(status).toBe(200);
      expect(body).toEqual({ status: 'deleted', simulation_id: sim.id, name: sim.name, version: sim.version });
      expect((await getByName(sim.name)).status).toBe(404);
      expect((await remove(sim.id)).status).toBe(404);
      expect((await register(makeSimulation({ name: sim.name }))).status).toBe(201);
    });

    it('refuses with 409 while the simulation has executions, and keeps it', async () => {
      const sim = await registerSimulation(svc);
      await svc.http().post('/executions').set('X-Session-ID', sessions.user).send(makeExecution(sim.id)).expect(201);
      const response = await remove(sim.id);
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(`simulation ${sim.id} has executions and cannot be deleted`);
      expect((await getByName(sim.name)).body).toEqual(sim);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await remove(2147483646)).status).toBe(404);
      expect((await remove('x')).status).toBe(400);
    });
  });
});
