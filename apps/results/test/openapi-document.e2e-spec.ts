import { serviceOpenApiDocument, stableOpenApiJson } from '@simsvc/platform';
import { openApiCompletenessProblems, TestService } from '@simsvc/testing';
import { AppModule } from '../src/app/app.module';
import { ResultsConfig, RESULTS_SERVICE } from '../src/app/results-config';

// Every e2e suite checks each response against this document (TestService.http()); this suite
// checks the document itself.
describe('OpenAPI document of the results service', () => {
  let svc: TestService<ResultsConfig>;

  beforeAll(async () => {
    svc = await TestService.start(RESULTS_SERVICE, (config) => AppModule.forRoot(config));
  });
  afterAll(() => svc.close());

  it('is built without a database or a port (--print-openapi) exactly as the service serves it', async () => {
    const served = (await svc.http().get('/openapi.json').expect(200)).body;
    const printed = JSON.parse(stableOpenApiJson(await serviceOpenApiDocument(RESULTS_SERVICE, (config) => AppModule.forRoot(config))));
    expect(printed).toEqual(served);
  });

  it('gives every operation a success response with its body and each error status the contract gives it', async () => {
    const { body } = await svc.http().get('/openapi.json').expect(200);
    expect(openApiCompletenessProblems(body)).toEqual([]);
  });
});
