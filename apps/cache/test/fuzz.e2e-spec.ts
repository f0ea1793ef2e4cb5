import { fixedRequest, fuzzSettings, fuzzTestService, largeJsonString } from '@simsvc/testing';
import { makeEntry, useCacheService } from './support/cache-test-service';

const { seed, requests } = fuzzSettings();
// A guard against hangs: 2000 requests take some 20–50 s on a busy machine; SIMSVC_FUZZ_REQUESTS may ask for many more.
jest.setTimeout(120_000 + requests * 60);

// Issue 22, item 13: seeded requests made from the OpenAPI document, mostly hostile; none may
// get a 5xx, a reset, no answer or a 4xx outside the error shape (docs/security.md §13).
describe(`cache: ${requests} seeded requests (SIMSVC_FUZZ_SEED=${seed})`, () => {
  const svc = useCacheService();

  it('answers every one below 500, in full and in the error shape, without a reset', async () => {
    const entries = [makeEntry(), makeEntry({ simulation_id: 8, simulation_name: 'wave-2d' })];
    for (const entry of entries) {
      await svc
        .http()
        .post('/cache')
        .set('X-Session-ID', await svc.tokenFor('user'))
        .send(entry)
        .expect(200);
    }
    const victims = [await svc.createUser('fuzz-victim'), await svc.createUser('fuzz-victim')];

    await fuzzTestService(
      svc,
      'cache',
      {
        cache_key: entries.map((entry) => String(entry.cache_key)),
        simulation_id: [7, 8, 0],
        simulation_name: ['heat-1d', 'wave-2d'],
        pattern: ['heat-1d/*', '*', '*/1.0.0/*', 'wave-2d/?.?.?/input-*'],
        username: victims.map((user) => user.username),
      },
      [
        fixedRequest('admin', 'POST', '/cache/é', largeJsonString(1_200_000)),
        fixedRequest('admin', 'DELETE', '/cache/%00', largeJsonString(900_000)),
      ],
    );
  });
});
