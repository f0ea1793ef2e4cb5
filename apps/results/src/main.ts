import 'reflect-metadata';
import { runService } from '@simsvc/platform';
import { AppModule } from './app/app.module';
import { RESULTS_SERVICE } from './app/results-config';

void runService(RESULTS_SERVICE, (config) => AppModule.forRoot(config));
