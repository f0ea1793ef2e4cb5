/// <reference types="jest" />
import { DynamicModule } from '@nestjs/common';
import { serviceOpenApiDocument, ServiceConfig, ServiceDefinition, stableOpenApiJson } from '@simsvc/platform';
import { openApiCompletenessProblems } from './openapi-completeness';
import { TestService } from './test-service';
import { useTestService } from './use-test-service';

/**
 * The suite each service runs on its own OpenAPI document: every e2e suite checks each response
 * against the document (TestService.http()); this one checks the document itself.
 */
export function describeOpenApiDocument<T>(definition: ServiceDefinition<T>, appModule: (config: ServiceConfig<T>) => DynamicModule): void {
  describe(`OpenAPI document of the ${definition.service} service`, () => {
    const svc = useTestService(() => TestService.start(definition, appModule));

    it('is built without a database or a port (--print-openapi) exactly as the service serves it', async () => {
      const served = (await svc.http().get('/openapi.json').expect(200)).body;
      const printed = JSON.parse(stableOpenApiJson(await serviceOpenApiDocument(definition, appModule)));
      expect(printed).toEqual(served);
    });

    it('gives every operation a success response with its body and each error status the contract gives it', async () => {
      const { body } = await svc.http().get('/openapi.json').expect(200);
      expect(openApiCompletenessProblems(body)).toEqual([]);
    });
  });
}
