import { DynamicModule, Global, Module, Type } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { AuthModule } from '@simsvc/auth';
import { DatabaseModule, SnapshotReader, StoreDefinition } from '@simsvc/persistence';
import { DataSource } from 'typeorm';
import { LoggerModule } from 'nestjs-pino';
import { availableParallelism } from 'node:os';
import { ServiceConfig } from './config/service-config';
import { AllExceptionsFilter } from './errors/all-exceptions.filter';
import { ContractValidationPipe } from './errors/validation.pipe';
import { HealthController } from './health/health.controller';
import { loggerOptions } from './logging/logger-options';
import { MetricsController } from './metrics/metrics.controller';
import { MetricsRegistry } from './metrics/metrics.registry';
import { SERVICE_CONFIG, SERVICE_DATA_SOURCE } from './platform.tokens';

/**
 * Everything a simsvc service has besides its own features: its database, sessions and
 * privileges, validation, the error shape, structured logs, /health and /metrics.
 */
@Global()
@Module({})
export class PlatformModule {
  /** `repositories`: the service's repositories of `store` (see DatabaseModule.forStore). */
  static forService(config: ServiceConfig<unknown>, store: StoreDefinition, repositories: readonly Type[] = []): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        LoggerModule.forRoot(loggerOptions(config)),
        DatabaseModule.forStore(config.database, store, repositories),
        AuthModule.forRoot(config.auth),
      ],
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: SERVICE_DATA_SOURCE, useExisting: getDataSourceToken(store.name) },
        MetricsRegistry,
        {
          provide: SnapshotReader,
          useFactory: (dataSource: DataSource) =>
            new SnapshotReader(dataSource, config.database.path, store.sqliteReadWorkers?.(availableParallelism())),
          inject: [SERVICE_DATA_SOURCE],
        },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useClass: ContractValidationPipe },
      ],
      exports: [SERVICE_CONFIG, SERVICE_DATA_SOURCE, MetricsRegistry, SnapshotReader, DatabaseModule],
    };
  }
}
