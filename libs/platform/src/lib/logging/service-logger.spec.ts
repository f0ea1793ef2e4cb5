import type { ServiceConfig } from '../config/service-config';
import { serviceLogger } from './service-logger';

// One logger per test file: nestjs-pino keeps the first PinoLogger's pino instance for the process.
describe('serviceLogger', () => {
  it("writes Nest's start-up lines (modules wired, routes mapped) at debug, the service's own at info", () => {
    const lines: string[] = [];
    const config = { service: 'test', logLevel: 'debug', logDestination: { write: (line: string) => void lines.push(line) } };
    const logger = serviceLogger(config as unknown as ServiceConfig<unknown>);
    logger.log('Starting Nest application...', 'NestFactory');
    logger.log('AppModule dependencies initialized', 'InstanceLoader');
    logger.log('CacheController {/cache}:', 'RoutesResolver');
    logger.log('Mapped {/cache, POST} route', 'RouterExplorer');
    logger.log('Nest application successfully started', 'NestApplication');
    logger.log('listening on http://127.0.0.1:8001', 'simsvc-cache');
    const levels = lines.map((line) => JSON.parse(line) as { msg: string; level: number }).map(({ msg, level }) => [msg, level]);
    expect(levels).toEqual([
      ['Starting Nest application...', 20],
      ['AppModule dependencies initialized', 20],
      ['CacheController {/cache}:', 20],
      ['Mapped {/cache, POST} route', 20],
      ['Nest application successfully started', 30],
      ['listening on http://127.0.0.1:8001', 30],
    ]);
  });
});
