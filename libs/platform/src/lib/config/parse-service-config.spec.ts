import { ConfigError } from './config-error';
import { parseServiceConfig, ServiceDefinition } from './parse-service-config';

const definition: ServiceDefinition<{ ttl: number }> = {
  service: 'cache',
  description: 'test',
  extraOptions: [{ flags: '--default-ttl-hours <hours>', description: 'ttl', env: 'DEFAULT_TTL_HOURS', default: 24, parse: Number }],
  extra: (values) => ({ ttl: values['defaultTtlHours'] as number }),
};
const parse = (argv: string[], env: Record<string, string> = {}) => parseServiceConfig(definition, argv, env);
const PG = 'postgresql://u:p@db/simsvc';

describe('parseServiceConfig', () => {
  it('has the contract defaults', () => {
    const config = parse([]);
    expect(config).toMatchObject({
      service: 'cache',
      host: '0.0.0.0',
      port: 8001,
      database: { backend: 'sqlite', path: './data/cache.db', url: undefined },
      auth: {
        enabled: true,
        store: { backend: 'sqlite', path: './data/auth.db' },
        allowAnonymous: true,
        anonymousMaxLifetimeHours: 24,
        secret: undefined,
        admin: undefined,
      },
      trustedProxies: [],
      extra: { ttl: 24 },
    });
  });

  it('believes X-Forwarded-For only from the proxies listed with --trusted-proxies or SIMSVC_TRUSTED_PROXIES', () => {
    expect(parse([], { SIMSVC_TRUSTED_PROXIES: '10.0.0.0/8, ::1' }).trustedProxies).toEqual(['10.0.0.0/8', '::1']);
    expect(parse(['--trusted-proxies', 'loopback'], { SIMSVC_TRUSTED_PROXIES: '10.0.0.0/8' }).trustedProxies).toEqual(['loopback']);
  });

  it('bounds anonymous sessions with --anonymous-max-lifetime-hours or SIMSVC_AUTH_ANONYMOUS_MAX_LIFETIME_HOURS', () => {
    expect(parse([], { SIMSVC_AUTH_ANONYMOUS_MAX_LIFETIME_HOURS: '2' }).auth.anonymousMaxLifetimeHours).toBe(2);
    expect(parse(['--anonymous-max-lifetime-hours', '0.5']).auth.anonymousMaxLifetimeHours).toBe(0.5);
  });

  it('orders precedence: option > SIMSVC_ variable > container alias > default', () => {
    expect(parse([], { CACHE_PORT: '9003' }).port).toBe(9003);
    expect(parse([], { CACHE_PORT: '9003', SIMSVC_CACHE_PORT: '9002' }).port).toBe(9002);
    expect(parse(['--port', '9001'], { CACHE_PORT: '9003', SIMSVC_CACHE_PORT: '9002' }).port).toBe(9001);
    expect(parse([], { SIMSVC_CACHE_DEFAULT_TTL_HOURS: '5' }).extra.ttl).toBe(5);
    expect(parse(['--default-ttl-hours', '2'], { SIMSVC_CACHE_DEFAULT_TTL_HOURS: '5' }).extra.ttl).toBe(2);
  });

  it('chooses postgresql when only a database URL is given, and shares it with the auth store', () => {
    const config = parse([], { CACHE_DB_URL: PG });
    expect(config.database).toMatchObject({ backend: 'postgresql', url: PG });
    expect(config.auth.store).toMatchObject({ backend: 'postgresql', url: PG });
    expect(parse(['--backend', 'sqlite'], { CACHE_DB_URL: PG }).database).toMatchObject({ backend: 'sqlite', url: undefined });
    expect(parse(['--db-url', PG, '--auth-db-url', 'postgresql://other/auth']).auth.store.url).toBe('postgresql://other/auth');
  });

  it('gives both stores the start-up timeout: 30 s, SIMSVC_STARTUP_TIMEOUT_SECONDS or --startup-timeout', () => {
    const timeouts = (config: ReturnType<typeof parse>) => [config.database.startupTimeoutSeconds, config.auth.store.startupTimeoutSeconds];
    expect(timeouts(parse([]))).toEqual([30, 30]);
    expect(timeouts(parse([], { SIMSVC_STARTUP_TIMEOUT_SECONDS: '2.5' }))).toEqual([2.5, 2.5]);
    expect(timeouts(parse(['--startup-timeout', '3', '--db-url', PG], { SIMSVC_STARTUP_TIMEOUT_SECONDS: '9' }))).toEqual([3, 3]);
    expect(() => parse(['--startup-timeout', '0'])).toThrow(ConfigError);
    expect(() => parse([], { SIMSVC_STARTUP_TIMEOUT_SECONDS: 'soon' })).toThrow(/startup-timeout/);
  });

  it('turns auth off with --no-auth or SIMSVC_<SVC>_NO_AUTH=true', () => {
    expect(parse(['--no-auth']).auth.enabled).toBe(false);
    expect(parse([], { SIMSVC_CACHE_NO_AUTH: 'true' }).auth.enabled).toBe(false);
    expect(parse([], { SIMSVC_CACHE_NO_AUTH: 'false' }).auth.enabled).toBe(true);
  });

  it('reads the auth secret, anonymous switch and admin bootstrap from the environment', () => {
    const secret = 'Zq3vN8rT1xW5yB7mK2pL9dF4hJ6sA0cE';
    const config = parse([], {
      SIMSVC_AUTH_SECRET: secret,
      SIMSVC_AUTH_ALLOW_ANONYMOUS: 'false',
      SIMSVC_ADMIN_USERNAME: 'root',
      SIMSVC_ADMIN_PASSWORD: 'password1',
    });
    expect(config.auth).toMatchObject({ secret, allowAnonymous: false, admin: { username: 'root', password: 'password1' } });
  });

  it.each([
    [['--backend', 'mysql'], {}, /--backend.*must be one of sqlite, postgresql/],
    [['--backend', 'postgresql'], {}, /--db-url \(SIMSVC_CACHE_DB_URL\) is required/],
    [['--port', '0'], {}, /--port.*must be an integer from 1 to 65535/],
    [['--port', '65536'], {}, /--port.*must be an integer from 1 to 65535/],
    [[], { CACHE_PORT: 'http' }, /CACHE_PORT must be an integer from 1 to 65535/],
    [['--frobnicate'], {}, /unknown option '--frobnicate'/],
    [['--db-url', 'mysql://x/y'], {}, /--db-url must be a postgresql:\/\/ URL/],
    [[], { SIMSVC_AUTH_SECRET: 'too-short' }, /SIMSVC_AUTH_SECRET must be at least 32 bytes/],
    [[], { SIMSVC_AUTH_SECRET: 'a'.repeat(32) }, /SIMSVC_AUTH_SECRET is too predictable/],
    [[], { SIMSVC_AUTH_SECRET: 'ab'.repeat(32) }, /SIMSVC_AUTH_SECRET is too predictable/],
    [['--trusted-proxies', '10.0.0.0/33'], {}, /--trusted-proxies.*"10.0.0.0\/33" is not an address/],
    [[], { SIMSVC_TRUSTED_PROXIES: '*' }, /"\*" is not an address/],
    [['--anonymous-max-lifetime-hours', '0'], {}, /--anonymous-max-lifetime-hours.*must be a positive number/],
    [['--anonymous-max-lifetime-hours', '721'], {}, /--anonymous-max-lifetime-hours.*must be at most 720/],
    [[], { SIMSVC_ADMIN_USERNAME: 'root' }, /must be set together/],
    [[], { SIMSVC_CACHE_NO_AUTH: 'maybe' }, /SIMSVC_CACHE_NO_AUTH must be true or false/],
    [['extra-argument'], {}, /too many arguments/],
  ])('rejects %j %j', (argv, env, message) => {
    expect(() => parse(argv as string[], env as Record<string, string>)).toThrow(ConfigError);
    expect(() => parse(argv as string[], env as Record<string, string>)).toThrow(message);
  });

  it('does not leak the parsing environment into process.env', () => {
    parse([], { SIMSVC_CACHE_PORT: '9999' });
    expect(process.env['SIMSVC_CACHE_PORT']).toBeUndefined();
  });
});
