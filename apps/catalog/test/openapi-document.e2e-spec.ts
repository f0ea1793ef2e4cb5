import { describeOpenApiDocument } from '@simsvc/testing';
import { AppModule } from '../src/app/app.module';
import { CATALOG_SERVICE } from '../src/app/catalog-config';

describeOpenApiDocument(CATALOG_SERVICE, (config) => AppModule.forRoot(config));
