import type { StreamedBodyRoute } from '../http/json-body.middleware';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { Backend, DatabaseConfig, DEFAULT_STARTUP_TIMEOUT_SECONDS } from '@simsvc/persistence';
import { ServiceConfig, ServiceName } from './service-config';
import { ConfigError } from './config-error';
import { estimatedEntropyBits, MIN_SECRET_ENTROPY_BITS } from './secret-strength';
import { parseTrustedProxies } from './trusted-proxies';

const DEFAULT_PORTS: Record<ServiceName, number> = { cache: 8001, catalog: 8002, results: 8003 };
const BACKENDS: readonly Backend[] = ['sqlite', 'postgresql'];
const MIN_SECRET_BYTES = 32;

/** A service-specific option, declared once and resolved with the same precedence as the shared ones. */
export interface ExtraOption {
  /** Commander flags, e.g. `--default-ttl-hours <hours>`. */
  flags: string;
  description: string;
  /** Environment variable suffix, prefixed with `SIMSVC_<SVC>_`. */
  env: string;
  default?: string | boolean | number;
  parse?: (value: string) => unknown;
}

export interface ServiceDefinition<TExtra> {
  service: ServiceName;
  description: string;
  extraOptions?: ExtraOption[];
  /** Builds the typed service-specific part from the resolved extra option values. */
  extra: (values: Record<string, unknown>) => TExtra;
  /** Routes that read their own body as a stream (json-body.middleware.ts). */
  streamedBodies?: readonly StreamedBodyRoute[];
}

export type Environment = Record<string, string | undefined>;

export const parsePort = (value: string): number => {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65535) throw new InvalidArgumentError('must be an integer from 1 to 65535');
  return port;
};

export const parsePositiveNumber = (value: string): number => {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0) throw new InvalidArgumentError('must be a positive number');
  return number;
};

const MAX_SESSION_HOURS = 720;
const parseAnonymousLifetime = (value: string): number => {
  const hours = parsePositiveNumber(value);
  if (hours > MAX_SESSION_HOURS) throw new InvalidArgumentError(`must be at most ${MAX_SESSION_HOURS}`);
  return hours;
};

const parseBackend = (value: string): Backend => {
  if (!BACKENDS.includes(value as Backend)) throw new InvalidArgumentError(`must be one of ${BACKENDS.join(', ')}`);
  return value as Backend;
};

const parseBoolean = (name: string, value: string | undefined, fallback: boolean): boolean => {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be true or false`);
};

function buildCommand<T>(definition: ServiceDefinition<T>, prefix: string): Command {
  const svc = definition.service;
  const env = (suffix: string) => `${prefix}${suffix}`;
  const alias = (suffix: string) => ` (container alias: ${svc.toUpperCase()}_${suffix})`;
  const command = new Command(`simsvc-${svc}`)
    .description(definition.description)
    .allowExcessArguments(false)
    .addOption(
      new Option('--backend <backend>', `storage backend: sqlite or postgresql; postgresql when only a DB URL is given${alias('BACKEND')}`)
        .env(env('BACKEND'))
        .argParser(parseBackend),
    )
    .addOption(new Option('--db-path <path>', 'database file of the sqlite backend').env(env('DB_PATH')).default(`./data/${svc}.db`))
    .addOption(new Option('--db-url <url>', `postgresql://user:password@host/database${alias('DB_URL')}`).env(env('DB_URL')))
    .addOption(
      new Option('--port <port>', `listening port${alias('PORT')}`).env(env('PORT')).default(DEFAULT_PORTS[svc]).argParser(parsePort),
    )
    .addOption(new Option('--host <address>', 'listening address').env(env('HOST')).default('0.0.0.0'))
    .addOption(new Option('--no-auth', `turn session authentication off: every request gets every privilege (env: ${env('NO_AUTH')}=true)`))
    .addOption(new Option('--auth-db-path <path>', 'auth store file (sqlite)').env('SIMSVC_AUTH_DB_PATH').default('./data/auth.db'))
    .addOption(
      new Option('--auth-db-url <url>', "auth store URL (postgresql); default: the service's own URL on postgresql").env(
        'SIMSVC_AUTH_DB_URL',
      ),
    )
    .addOption(
      new Option('--startup-timeout <seconds>', 'how long start-up retries a database server that does not answer')
        .env('SIMSVC_STARTUP_TIMEOUT_SECONDS')
        .default(DEFAULT_STARTUP_TIMEOUT_SECONDS)
        .argParser(parsePositiveNumber),
    )
    .addOption(
      new Option(
        '--trusted-proxies <list>',
        'comma list of proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal) whose X-Forwarded-For is believed',
      )
        .env('SIMSVC_TRUSTED_PROXIES')
        .default([], 'none')
        .argParser(parseTrustedProxies),
    )
    .addOption(
      new Option('--anonymous-max-lifetime-hours <hours>', 'longest life of an anonymous session, refreshes included (at most 720)')
        .env('SIMSVC_AUTH_ANONYMOUS_MAX_LIFETIME_HOURS')
        .default(24)
        .argParser(parseAnonymousLifetime),
    )
    .addOption(
      new Option('--log-level <level>', 'fatal, error, warn, info, debug or trace')
        .env('SIMSVC_LOG_LEVEL')
        .default('info')
        .choices(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    );
  for (const extra of definition.extraOptions ?? []) {
    const option = new Option(extra.flags, extra.description).env(env(extra.env));
    if (extra.default !== undefined) option.default(extra.default);
    if (extra.parse) option.argParser(extra.parse);
    command.addOption(option);
  }
  command.addHelpText(
    'after',
    '\nAlso read from the environment: SIMSVC_AUTH_SECRET (>= 32 bytes of >= 96 bits estimated entropy, e.g. openssl rand -base64 48;\n' +
      'generated and kept in the auth store when unset),\n' +
      'SIMSVC_AUTH_ALLOW_ANONYMOUS (default true; false for shared deployments, see docs/security.md), SIMSVC_ADMIN_USERNAME, SIMSVC_ADMIN_PASSWORD, SIMSVC_ADMIN_EMAIL.\n' +
      'Precedence: command-line option > SIMSVC_* variable > container alias > default.',
  );
  return command;
}

/**
 * Parses argv and environment into a validated configuration.
 * Throws ConfigError on a bad value; `--help` prints and throws CommanderError with exitCode 0.
 */
export function parseServiceConfig<T>(definition: ServiceDefinition<T>, argv: string[], environment: Environment): ServiceConfig<T> {
  const svc = definition.service;
  const prefix = `SIMSVC_${svc.toUpperCase()}_`;
  const command = buildCommand(definition, prefix);
  let helpText = '';
  command.exitOverride().configureOutput({ writeOut: (text) => (helpText += text), writeErr: () => undefined });

  // Commander reads process.env for `.env()` options; give it exactly the environment asked for.
  const savedEnv = process.env;
  process.env = { ...environment };
  try {
    command.parse(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode === 0) {
      process.stdout.write(helpText);
      throw error;
    }
    throw new ConfigError(error instanceof Error ? error.message.replace(/^error: /, '') : String(error));
  } finally {
    process.env = savedEnv;
  }

  const options = command.opts();
  const fromAlias = (key: string, suffix: string, parse: (value: string) => unknown = (value) => value) => {
    const source = command.getOptionValueSource(key);
    const aliasValue = environment[`${svc.toUpperCase()}_${suffix}`];
    if ((source === undefined || source === 'default') && aliasValue) {
      try {
        return parse(aliasValue);
      } catch (error) {
        throw new ConfigError(`${svc.toUpperCase()}_${suffix} ${(error as Error).message}`);
      }
    }
    return options[key];
  };

  const dbUrl = fromAlias('dbUrl', 'DB_URL') as string | undefined;
  const backend = (fromAlias('backend', 'BACKEND', parseBackend) as Backend | undefined) ?? (dbUrl ? 'postgresql' : 'sqlite');
  if (backend === 'postgresql' && !dbUrl) throw new ConfigError(`--db-url (${prefix}DB_URL) is required with --backend postgresql`);
  if (dbUrl) assertPostgresUrl(dbUrl, '--db-url');
  const startupTimeoutSeconds = options['startupTimeout'] as number;
  const database: DatabaseConfig = {
    backend,
    path: options['dbPath'] as string,
    url: backend === 'postgresql' ? dbUrl : undefined,
    startupTimeoutSeconds,
  };

  const authUrl = (options['authDbUrl'] as string | undefined) ?? (backend === 'postgresql' ? dbUrl : undefined);
  if (authUrl) assertPostgresUrl(authUrl, '--auth-db-url');
  const secret = environment['SIMSVC_AUTH_SECRET'] || undefined;
  if (secret !== undefined && Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) {
    throw new ConfigError(`SIMSVC_AUTH_SECRET must be at least ${MIN_SECRET_BYTES} bytes`);
  }
  if (secret !== undefined && estimatedEntropyBits(secret) < MIN_SECRET_ENTROPY_BITS) {
    throw new ConfigError(
      `SIMSVC_AUTH_SECRET is too predictable (about ${Math.floor(estimatedEntropyBits(secret))} bits of entropy, at least ${MIN_SECRET_ENTROPY_BITS} needed): use random bytes, e.g. openssl rand -base64 48`,
    );
  }
  const adminUsername = environment['SIMSVC_ADMIN_USERNAME'];
  const adminPassword = environment['SIMSVC_ADMIN_PASSWORD'];
  if (Boolean(adminUsername) !== Boolean(adminPassword)) {
    throw new ConfigError('SIMSVC_ADMIN_USERNAME and SIMSVC_ADMIN_PASSWORD must be set together');
  }
  if (adminPassword !== undefined && adminPassword.length < 8) throw new ConfigError('SIMSVC_ADMIN_PASSWORD must be at least 8 characters');

  const extraValues: Record<string, unknown> = {};
  for (const extra of definition.extraOptions ?? []) {
    const key = new Option(extra.flags).attributeName();
    extraValues[key] = options[key];
  }

  return {
    service: svc,
    host: options['host'] as string,
    port: fromAlias('port', 'PORT', parsePort) as number,
    database,
    logLevel: options['logLevel'] as string,
    trustedProxies: options['trustedProxies'] as string[],
    auth: {
      enabled: options['auth'] !== false && !parseBoolean(`${prefix}NO_AUTH`, environment[`${prefix}NO_AUTH`], false),
      store: authUrl
        ? { backend: 'postgresql', path: options['authDbPath'] as string, url: authUrl, startupTimeoutSeconds }
        : { backend: 'sqlite', path: options['authDbPath'] as string, startupTimeoutSeconds },
      secret,
      allowAnonymous: parseBoolean('SIMSVC_AUTH_ALLOW_ANONYMOUS', environment['SIMSVC_AUTH_ALLOW_ANONYMOUS'], true),
      anonymousMaxLifetimeHours: options['anonymousMaxLifetimeHours'] as number,
      admin:
        adminUsername && adminPassword
          ? { username: adminUsername, password: adminPassword, email: environment['SIMSVC_ADMIN_EMAIL'] || undefined }
          : undefined,
    },
    streamedBodies: definition.streamedBodies ?? [],
    extra: definition.extra(extraValues),
  };
}

function assertPostgresUrl(url: string, option: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`${option} is not a valid URL`);
  }
  if (parsed.protocol !== 'postgresql:' && parsed.protocol !== 'postgres:') {
    throw new ConfigError(`${option} must be a postgresql:// URL`);
  }
}
