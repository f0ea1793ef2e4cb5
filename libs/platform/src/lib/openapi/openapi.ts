import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ServiceConfig } from '../config/service-config';

/** OpenAPI from the controllers and DTOs: `/openapi.json` and a browsable `/docs`. */
export function setUpOpenApi(app: INestApplication, config: ServiceConfig<unknown>): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle(`simsvc ${config.service}`)
      .setDescription(`The simsvc ${config.service} service. Send the session token in X-Session-ID.`)
      .setVersion('1')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Session-ID' }, 'session')
      .addSecurityRequirements('session')
      .build(),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'openapi.json', yamlDocumentUrl: 'openapi.yaml' });
}
