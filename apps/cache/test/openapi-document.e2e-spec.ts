import { describeOpenApiDocument } from '@simsvc/testing';
import { AppModule } from '../src/app/app.module';
import { CACHE_SERVICE } from '../src/app/cache-config';

describeOpenApiDocument(CACHE_SERVICE, (config) => AppModule.forRoot(config));
