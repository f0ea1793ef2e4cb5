import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ServiceConfig, ServiceName } from '../config/service-config';

/** The security scheme every protected operation names; public ones say `security: []`. */
export const SESSION_SECURITY_SCHEME = 'session';

/** The service's OpenAPI document, built from its controllers and DTOs (no database needed). */
export function buildOpenApiDocument(app: INestApplication, service: ServiceName): OpenAPIObject {
  return SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle(`simsvc ${service}`)
      .setDescription(`The simsvc ${service} service. Send the session token in X-Session-ID.`)
      .setVersion('1')
      .setLicense('MIT', 'https://opensource.org/licenses/MIT')
      // Relative: the service the document was fetched from.
      .addServer('/')
      .addApiKey(
        { type: 'apiKey', in: 'header', name: 'X-Session-ID', description: 'the token of POST /session/login or /session/anonymous' },
        SESSION_SECURITY_SCHEME,
      )
      .addSecurityRequirements(SESSION_SECURITY_SCHEME)
      .build(),
  );
}

/** OpenAPI from the controllers and DTOs: `/openapi.json` and a browsable `/docs`. */
export function setUpOpenApi(app: INestApplication, config: ServiceConfig<unknown>): void {
  const document = buildOpenApiDocument(app, config.service);
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'openapi.json', yamlDocumentUrl: 'openapi.yaml' });
}
