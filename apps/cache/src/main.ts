import 'reflect-metadata';
import { PRINT_OPENAPI_FLAG, printOpenApiDocument, runService } from '@simsvc/platform';
import { AppModule } from './app/app.module';
import { CACHE_SERVICE } from './app/cache-config';

const service = process.argv[2] === PRINT_OPENAPI_FLAG ? printOpenApiDocument : runService;
void service(CACHE_SERVICE, (config) => AppModule.forRoot(config));
