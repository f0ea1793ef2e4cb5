import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { AuthModule } from '@simsvc/auth';
import { DatabaseModule, StoreDefinition } from '@simsvc/persistence';
import { LoggerModule } from 'nestjs-pino';
import { ServiceConfig } from './config/service-config';
import { AllExceptionsFilter } from './errors/all-exceptions.filter';
import { ContractValidationPipe } from './errors/validation.pipe';
import { HealthController } from './health/health.controller';
import { loggerOptions } from './logging/logger-options';
import { MetricsModule } from './metrics/metrics.module';
import { DocumentationRoutes } from './openapi/documentation-routes';
import { SERVICE_CONFIG, SERVICE_DATA_SOURCE } from './platform.tokens';

/**
 * Everything a simsvc service has besides its own features: its store (opened here; each feature
 * module declares its repositories with DatabaseModule.forFeature), sessions and privileges,
 * validation, the error shape, structured logs, /health and /metrics. Of these, only
 * configuration and logging reach every module: SERVICE_CONFIG, the session signing key (the one
 * export of AuthModule, re-exported here; see AuthModule for why) and the logger.
 */
@Global()
@Module({})
export class PlatformModule {
  static forService(config: ServiceConfig<unknown>, store: StoreDefinition): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        LoggerModule.forRoot(loggerOptions(config)),
        DatabaseModule.forStore(config.database, store),
        AuthModule.forRoot(config.auth),
        MetricsModule,
      ],
      controllers: [HealthController],
      providers: [
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: SERVICE_DATA_SOURCE, useExisting: getDataSourceToken(store.name) },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useClass: ContractValidationPipe },
        DocumentationRoutes,
      ],
      exports: [SERVICE_CONFIG, AuthModule],
    };
  }
}
