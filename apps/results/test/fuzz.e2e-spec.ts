import { fixedRequest, fuzzSettings, fuzzTestService, largeJsonString } from '@simsvc/testing';
import { useResultsService } from './support/results-test-service';

const { seed, requests } = fuzzSettings();
// A guard against hangs: 2000 requests take some 20–50 s on a busy machine; SIMSVC_FUZZ_REQUESTS may ask for many more.
jest.setTimeout(120_000 + requests * 60);

// Issue 22, item 13: seeded requests made from the OpenAPI document, mostly hostile; none may
// get a 5xx, a reset, no answer or a 4xx outside the error shape (docs/security.md §13).
describe(`results: ${requests} seeded requests (SIMSVC_FUZZ_SEED=${seed})`, () => {
  const results = useResultsService();

  it('answers every one below 500, in full and in the error shape, without a reset', async () => {
    const stored = [await results.stored(), await results.stored({ simulation_name: 'wave-2d' })];
    const run = results.writeRun();
    const victims = [await results.svc.createUser('fuzz-victim'), await results.svc.createUser('fuzz-victim')];

    await fuzzTestService(
      results.svc,
      'results',
      {
        execution_id: [...stored.map((body) => String(body.execution_id)), run.execution_id],
        simulation_name: ['heat-1d', 'wave-2d'],
        param_name: ['length', 'mode', 'max_temperature'],
        name: ['length', 'max_temperature'],
        run_db_path: [`${run.execution_id}.db`, '../outside.db', '/etc/passwd'],
        username: victims.map((user) => user.username),
      },
      [
        fixedRequest('admin', 'POST', '/register_direct/é', largeJsonString(1_200_000)),
        fixedRequest('admin', 'DELETE', '/results/a%00b', largeJsonString(900_000)),
      ],
    );
  });
});
