import 'reflect-metadata';
import { runService } from '@simsvc/platform';
import { AppModule } from './app/app.module';
import { CATALOG_SERVICE } from './app/catalog-config';

void runService(CATALOG_SERVICE, (config) => AppModule.forRoot(config));
