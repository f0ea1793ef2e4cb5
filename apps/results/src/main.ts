import 'reflect-metadata';
import { PRINT_OPENAPI_FLAG, printOpenApiDocument, runService } from '@simsvc/platform';
import { AppModule } from './app/app.module';
import { RESULTS_SERVICE } from './app/results-config';

const service = process.argv[2] === PRINT_OPENAPI_FLAG ? printOpenApiDocument : runService;
void service(RESULTS_SERVICE, (config) => AppModule.forRoot(config));
