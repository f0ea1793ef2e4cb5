import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestService } from '../test-service';
import { fixedRequest, fuzzPrincipals } from './fuzz-principals';
import { describeFailures, fuzzSettings, runFuzz } from './fuzz-runner';
import type { FuzzRequest } from './request-generator';
import type { KnownValues, OpenApiDocument } from './schema-values';

const OPENAPI_DIR = join(__dirname, '../../../../../openapi');

/** The service's OpenAPI document as committed (openapi/<service>.json, kept current by `npm run openapi:check`). */
export function committedOpenApi(service: string): OpenApiDocument {
  return JSON.parse(readFileSync(join(OPENAPI_DIR, `${service}.json`), 'utf8')) as OpenApiDocument;
}

/** Cases every service's run sends first: U+0000 in a path parameter (a 500 on PostgreSQL before issue 22). */
const COMMON_FIXED: FuzzRequest[] = [fixedRequest('admin', 'DELETE', '/users/a%00b'), fixedRequest('admin', 'GET', '/users/%00')];

/**
 * Runs the seeded fuzz test (see runFuzz, settings from fuzzSettings) against a running test
 * service and throws, with the seed and every failed request, if any request failed.
 */
export async function fuzzTestService<T>(
  svc: TestService<T>,
  service: string,
  known: KnownValues,
  fixed: FuzzRequest[] = [],
): Promise<void> {
  const settings = fuzzSettings();
  const report = await runFuzz({
    url: svc.url,
    document: committedOpenApi(service),
    principals: await fuzzPrincipals(svc),
    known,
    fixed: [...COMMON_FIXED, ...fixed],
    ...settings,
  });
  console.info(
    `${service} fuzz (${svc.backend}): seed ${report.seed}, ${report.sent} requests, statuses ${JSON.stringify(report.statuses)}`,
  );
  if (report.failures.length > 0) throw new Error(describeFailures(report));
}
