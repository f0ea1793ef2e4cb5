import { describeOpenApiDocument } from '@simsvc/testing';
import { AppModule } from '../src/app/app.module';
import { RESULTS_SERVICE } from '../src/app/results-config';

describeOpenApiDocument(RESULTS_SERVICE, (config) => AppModule.forRoot(config));
