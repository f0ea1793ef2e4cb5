import { makeSimulation, registerSimulation, useCatalogService, uniqueName } from './support/catalog-test-service';

// Real services on real databases, on shared CI machines: more than jest's default 5 s.
jest.setTimeout(60_000);

// Issue 12, items 8 and 10: a parameter may be called `constructor` in a schema; U+0000, which
// PostgreSQL cannot store, is refused with 400 on both backends before anything is stored.
describe('catalog: keys constructor and prototype, and U+0000 in requests', () => {
  const svc = useCatalogService();

  const json = (text: string): Record<string, unknown> => JSON.parse(text) as Record<string, unknown>;
  const post = async (body: Record<string, unknown>) =>
    svc
      .http()
      .post('/simulations')
      .set('X-Session-ID', await svc.tokenFor('developer'))
      .send(body);

  it('keeps schema parameters named constructor and prototype', async () => {
    const registered = await registerSimulation(svc, {
      input_schema: json('{"constructor": {"type": "number", "min": 1}, "prototype": {"type": "string"}}'),
    });

    const stored = await svc
      .http()
      .get(`/simulations/${registered.name}`)
      .set('X-Session-ID', await svc.tokenFor('user'));
    expect(Object.keys(stored.body.input_schema as object).sort()).toEqual(['constructor', 'prototype']);
    expect(stored.body.input_schema.constructor).toMatchObject({ type: 'number', min: 1 });
  });

  it('still validates a schema parameter named constructor', async () => {
    const name = uniqueName('ctor');
    const response = await post(makeSimulation({ name, input_schema: json('{"constructor": {"type": "float"}}') }));

    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^input_schema\.constructor\.type must be one of /);
  });

  it('refuses constructor as a field of the body with 400', async () => {
    const response = await post({ ...makeSimulation(), ...json('{"constructor": {}}') });

    expect([response.status, response.body.message]).toEqual([400, 'property constructor should not exist']);
  });

  it('refuses U+0000 in a body or a search query with 400, registering nothing', async () => {
    const name = uniqueName('nul');
    const response = await post(makeSimulation({ name, description: 'a\u0000b' }));
    expect([response.status, response.body.message]).toEqual([400, 'request body must not contain U+0000']);
    const lookup = await svc
      .http()
      .get(`/simulations/${name}`)
      .set('X-Session-ID', await svc.tokenFor('user'));
    expect(lookup.status).toBe(404);

    const search = await svc
      .http()
      .get('/simulations/search?query=a%00b')
      .set('X-Session-ID', await svc.tokenFor('user'));
    expect([search.status, search.body.message]).toEqual([400, 'query string must not contain U+0000']);
  });

  // Found by the fuzz test (issue 22, item 13): the search index reached PostgreSQL as JSON,
  // where the escape of an unpaired surrogate is an error (a 500).
  it('registers and updates a simulation whose description and tags hold an unpaired surrogate', async () => {
    const name = uniqueName('surrogate');
    const body = JSON.stringify(makeSimulation({ name, description: 'half \ud800 pair', tags: ['x\udfff', 'ok'] }));
    const registered = await svc
      .http()
      .post('/simulations')
      .set('X-Session-ID', await svc.tokenFor('developer'))
      .set('Content-Type', 'application/json')
      .send(body);
    expect(registered.status).toBe(201);
    const updated = await svc
      .http()
      .patch(`/simulations/${registered.body.id}`)
      .set('X-Session-ID', await svc.tokenFor('developer'))
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ description: 'other \udc00 half', tags: ['\ud801'] }));
    expect(updated.status).toBe(200);
    const found = await svc
      .http()
      .get('/simulations/search?query=other')
      .set('X-Session-ID', await svc.tokenFor('user'));
    expect(found.body.map((s: { name: string }) => s.name)).toContain(name);
  });
});
