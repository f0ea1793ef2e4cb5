import { DynamicModule, INestApplication } from '@nestjs/common';
import { createServiceApp, parseServiceConfig, ServiceConfig, ServiceDefinition } from '@simsvc/platform';
import { AddressInfo } from 'node:net';
import request, { type Test } from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { conformingAgent, OpenApiResponseValidator } from './openapi-response-validator';
import { createTestDatabase, TestBackend, TestDatabase } from './test-database';

export const ADMIN = { username: 'admin', password: 'admin-password' } as const;

export interface TestServiceOptions {
  /** More command-line options (after the database ones). */
  args?: string[];
  env?: Record<string, string | undefined>;
  /** Receives the service's JSON log lines (give `--log-level` in args to see them). */
  logDestination?: ServiceConfig<unknown>['logDestination'];
  /**
   * Hash passwords at the production scrypt cost (N = 2^17, ~250 ms a hash). By default tests
   * use TEST_PASSWORD_COST: suites log in hundreds of times, and the cost changes no behaviour.
   */
  productionPasswordCost?: boolean;
}

/** scrypt cost of passwords in e2e tests (the cost before OWASP's 2^17; a production hash of it is re-hashed at login). */
export const TEST_PASSWORD_COST = { N: 16384, r: 8, p: 1 } as const;

export type Role = 'user' | 'developer' | 'admin';

/** The credentials of the test user of a role (the admin's for `admin`). */
export function testCredentials(role: Role): { username: string; password: string } {
  return role === 'admin' ? { ...ADMIN } : { username: `test-${role}`, password: `${role}-password` };
}

/** Numbers the users createUser makes: unique across the services of one test file (they may share an auth store). */
let usersCreated = 0;

/**
 * A real service for e2e tests: the real AppModule on a fresh database of the project's backend,
 * listening on a loopback port, with an admin user and helpers to get sessions.
 */
export class TestService<T> {
  private app?: INestApplication;
  private baseUrl = '';
  private readonly tokens = new Map<string, string>();
  private responses?: OpenApiResponseValidator;
  config!: ServiceConfig<T>;

  private constructor(
    private readonly definition: ServiceDefinition<T>,
    private readonly appModule: (config: ServiceConfig<T>) => DynamicModule,
    readonly database: TestDatabase,
    private readonly options: TestServiceOptions,
  ) {}

  static async start<T>(
    definition: ServiceDefinition<T>,
    appModule: (config: ServiceConfig<T>) => DynamicModule,
    options: TestServiceOptions = {},
  ): Promise<TestService<T>> {
    const database = await createTestDatabase(definition.service);
    const service = new TestService(definition, appModule, database, options);
    try {
      await service.boot();
    } catch (error) {
      await database.drop();
      throw error;
    }
    return service;
  }

  get backend(): TestBackend {
    return this.database.backend;
  }

  get url(): string {
    return this.baseUrl;
  }

  get nestApp(): INestApplication {
    if (!this.app) throw new Error('service is not running');
    return this.app;
  }

  /** supertest bound to the running service; each response must conform to the service's OpenAPI document. */
  http(): TestAgent {
    const agent = request(this.baseUrl);
    return this.responses ? conformingAgent(agent, this.responses) : agent;
  }

  /** A request whose method is data (tables of routes), with `body` as JSON unless null. */
  send(method: string, path: string, body: object | null = null): Test {
    const call = this.http()[method.toLowerCase() as 'get' | 'head' | 'post' | 'patch' | 'delete'](path);
    return body ? call.send(body) : call;
  }

  /** A session token of a user with the given role (created on first use), or of the admin. */
  async tokenFor(role: Role): Promise<string> {
    const cached = this.tokens.get(role);
    if (cached) return cached;
    const credentials = testCredentials(role);
    if (role !== 'admin') {
      const admin = await this.tokenFor('admin');
      await this.http()
        .post('/users')
        .set('X-Session-ID', admin)
        .send({ ...credentials, role })
        .expect(201);
    }
    const token = await this.login(credentials.username, credentials.password);
    this.tokens.set(role, token);
    return token;
  }

  /** A new user of the role named `<prefix>-<n>`, created by the admin; its credentials. */
  async createUser(prefix: string, role: Role = 'user'): Promise<{ username: string; password: string }> {
    usersCreated += 1;
    const user = { username: `${prefix}-${usersCreated}`, password: `password-${usersCreated}` };
    await this.http()
      .post('/users')
      .set('X-Session-ID', await this.tokenFor('admin'))
      .send({ ...user, role })
      .expect(201);
    return user;
  }

  async login(username: string, password: string): Promise<string> {
    const response = await this.http().post('/session/login').send({ username, password });
    if (response.status !== 200) throw new Error(`login of ${username} failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.token as string;
  }

  async anonymousToken(privileges?: string[]): Promise<string> {
    const response = await this.http()
      .post('/session/anonymous')
      .send(privileges ? { privileges } : {});
    if (response.status !== 200) throw new Error(`anonymous session failed: ${response.status}`);
    return response.body.token as string;
  }

  /** Stops and starts the service on the same database (what survives a restart). */
  async restart(): Promise<void> {
    await this.app?.close();
    this.app = undefined;
    await this.boot();
  }

  async close(): Promise<void> {
    try {
      await this.app?.close();
    } finally {
      this.app = undefined;
      await this.database.drop();
    }
  }

  private async boot(): Promise<void> {
    const args = [
      ...this.database.args,
      '--host',
      '127.0.0.1',
      '--port',
      '1',
      '--log-level',
      process.env['SIMSVC_TEST_LOG_LEVEL'] ?? 'silent',
      ...(this.options.args ?? []),
    ];
    const env = { SIMSVC_ADMIN_USERNAME: ADMIN.username, SIMSVC_ADMIN_PASSWORD: ADMIN.password, ...this.options.env };
    const config = parseServiceConfig(this.definition, args, env);
    const passwordCost = this.options.productionPasswordCost ? undefined : TEST_PASSWORD_COST;
    this.config = { ...config, auth: { ...config.auth, passwordCost }, logDestination: this.options.logDestination };
    this.app = await createServiceApp(this.appModule(this.config), this.config);
    await this.app.listen(0, '127.0.0.1');
    const address = this.app.getHttpServer().address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${address.port}`;
    this.responses = new OpenApiResponseValidator((await request(this.baseUrl).get('/openapi.json').expect(200)).body);
  }
}
