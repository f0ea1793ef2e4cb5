import 'reflect-metadata';
import { PRINT_OPENAPI_FLAG, printOpenApiDocument, runService } from '@simsvc/platform';
import { AppModule } from './app/app.module';
import { CATALOG_SERVICE } from './app/catalog-config';

const service = process.argv[2] === PRINT_OPENAPI_FLAG ? printOpenApiDocument : runService;
void service(CATALOG_SERVICE, (config) => AppModule.forRoot(config));
