import 'reflect-metadata';
import { runService } from '@simsvc/platform';
import { AppModule } from './app/app.module';
import { CACHE_SERVICE } from './app/cache-config';

void runService(CACHE_SERVICE, (config) => AppModule.forRoot(config));
