import { DynamicModule, INestApplication, Logger } from '@nestjs/common';
import { CommanderError } from 'commander';
import { ConfigError } from '../config/config-error';
import { parseServiceConfig, ServiceDefinition } from '../config/parse-service-config';
import { ServiceConfig } from '../config/service-config';
import { createServiceApp } from './create-service-app';
import { HttpServerDrain, trackConnectionsForDrain } from './drain-http-server';

/**
 * main.ts of every service: options → configuration (exit 2 on a bad one), application, listen;
 * SIGTERM/SIGINT drain in-flight requests, close the databases and exit 0.
 */
export async function runService<T>(
  definition: ServiceDefinition<T>,
  appModule: (config: ServiceConfig<T>) => DynamicModule,
): Promise<void> {
  const name = `simsvc-${definition.service}`;
  let config: ServiceConfig<T>;
  try {
    config = parseServiceConfig(definition, process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode === 0) process.exit(0);
    process.stderr.write(`${name}: ${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(2);
  }

  let app: INestApplication;
  let httpDrain: HttpServerDrain;
  try {
    app = await createServiceApp(appModule(config), config);
    httpDrain = trackConnectionsForDrain(app.getHttpServer());
    await app.listen(config.port, config.host);
    // The line a supervisor (npm start) waits for.
    Logger.log(`listening on http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`, name);
  } catch (error) {
    process.stderr.write(`${name}: cannot start: ${(error as Error).message}\n`);
    process.exit(1);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${name}: ${signal} received, draining\n`);
    try {
      await httpDrain.drain();
      await app.close();
      process.exit(0);
    } catch (error) {
      process.stderr.write(`${name}: unclean shutdown: ${(error as Error).message}\n`);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
