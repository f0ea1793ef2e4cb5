import { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { OpenAPIObject } from '@nestjs/swagger';
import { parseServiceConfig, ServiceDefinition } from '../config/parse-service-config';
import { ServiceConfig } from '../config/service-config';
import { buildOpenApiDocument } from './openapi';

/** The command-line flag of main.ts that prints the OpenAPI document instead of serving. */
export const PRINT_OPENAPI_FLAG = '--print-openapi';

/**
 * The service's OpenAPI document from its module in Nest's preview mode: the controllers are
 * scanned but no provider is instantiated, so no database is opened and no port is bound.
 */
export async function serviceOpenApiDocument<T>(
  definition: ServiceDefinition<T>,
  appModule: (config: ServiceConfig<T>) => DynamicModule,
): Promise<OpenAPIObject> {
  const config = parseServiceConfig(definition, [], {});
  const app = await NestFactory.create(appModule(config), { preview: true, logger: false, abortOnError: false });
  return buildOpenApiDocument(app, definition.service);
}

/** JSON text with `paths` and `components.schemas` in name order, so that regenerated documents diff cleanly. */
export function stableOpenApiJson(document: OpenAPIObject): string {
  const sorted = <V>(record: Record<string, V> | undefined) =>
    record && Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const components = document.components && { ...document.components, schemas: sorted(document.components.schemas) };
  return `${JSON.stringify({ ...document, paths: sorted(document.paths), components }, null, 2)}\n`;
}

/** main.ts with PRINT_OPENAPI_FLAG: the document on standard output, exit 0 (1 with the reason on stderr). */
export async function printOpenApiDocument<T>(
  definition: ServiceDefinition<T>,
  appModule: (config: ServiceConfig<T>) => DynamicModule,
): Promise<void> {
  try {
    process.stdout.write(stableOpenApiJson(await serviceOpenApiDocument(definition, appModule)));
  } catch (error) {
    process.stderr.write(`simsvc-${definition.service}: cannot build the OpenAPI document: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
