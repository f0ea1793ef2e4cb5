// What docker/docker-compose.yml and docker/nginx.conf must say for the topology to work: pure
// functions from the parsed files to a list of problems (empty when all is well).

import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_PORTS, SERVICES } from './dist.ts';
import { parseNginxConf } from './nginx-conf.ts';

export const REPLICAS = SERVICES.flatMap((service) => [1, 2].map((n) => ({ service, name: `${service}-${n}` })));
const MIN_SECRET_BYTES = 32;

/** The parts of a compose service the rules read (as YAML gives them: every form compose accepts). */
export interface ComposeService {
  image?: string;
  build?: { args?: Record<string, string> };
  environment?: Record<string, string | number | boolean | null> | string[];
  volumes?: (string | { source?: string; target: string })[];
  ports?: (string | number | { published?: string | number; target?: string | number })[];
  depends_on?: string[] | Record<string, { condition?: string } | null>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
}

export interface ComposeFile {
  services?: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

type Environment = Record<string, string | number | boolean | null>;

/** environment as a map, from either the map or the list ("K=V" / "K") form. */
export function environmentOf(definition: ComposeService | undefined): Environment {
  const env = definition?.environment;
  if (!env) return {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((item) => {
        const text = String(item);
        const at = text.indexOf('=');
        return at < 0 ? [text, null] : [text.slice(0, at), text.slice(at + 1)];
      }),
    );
  }
  return env;
}

/** [{source, target}] from short ("src:dst[:mode]") or long volume syntax. */
export function volumesOf(definition: ComposeService | undefined): { source: string | null; target: string }[] {
  return (definition?.volumes ?? []).map((volume) => {
    if (typeof volume === 'string') {
      const [source, target] = volume.split(':');
      return target === undefined ? { source: null, target: source } : { source, target };
    }
    return { source: volume.source ?? null, target: volume.target };
  });
}

/** [{published, target}] as numbers, from short ("[ip:]host:container[/proto]") or long syntax. */
export function portsOf(definition: ComposeService | undefined): { published: number; target: number }[] {
  return (definition?.ports ?? []).map((port) => {
    if (typeof port === 'object' && port !== null) return { published: Number(port.published), target: Number(port.target) };
    const parts = String(port)
      .replace(/\/(tcp|udp)$/, '')
      .split(':');
    const target = Number(parts[parts.length - 1]);
    const published = parts.length >= 2 ? Number(parts[parts.length - 2]) : NaN;
    return { published, target };
  });
}

/** {name: condition} from the list or the map form of depends_on. */
export function dependsOn(definition: ComposeService | undefined): Record<string, string> {
  const deps = definition?.depends_on;
  if (!deps) return {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, 'service_started']));
  return Object.fromEntries(Object.entries(deps).map(([name, value]) => [name, value?.condition ?? 'service_started']));
}

const isInterpolated = (value: unknown): boolean => typeof value === 'string' && value.includes('${');
const FALSE_WORD = '(0|false|no|off)';
/** False, or an interpolation whose default is false: anonymous sessions off unless the operator turns them on. */
const isOffByDefault = (value: unknown): boolean =>
  value === false ||
  new RegExp(`^${FALSE_WORD}$`, 'i').test(String(value)) ||
  new RegExp(`^\\$\\{SIMSVC_AUTH_ALLOW_ANONYMOUS:?-${FALSE_WORD}\\}$`, 'i').test(String(value));
const present = (value: unknown): boolean => value !== undefined && value !== null && String(value).trim() !== '';

/** The problems of a parsed compose file (empty when all is well). */
export function checkCompose(doc: ComposeFile | undefined, { composeDir }: { composeDir: string }): string[] {
  const problems: string[] = [];
  const services = doc?.services ?? {};
  const declaredVolumes = Object.keys(doc?.volumes ?? {});

  // postgres
  const pg = services.postgres;
  if (!pg) problems.push('service postgres is missing');
  else {
    if (!/(^|\/)postgres(:|$)/.test(String(pg.image ?? ''))) problems.push(`postgres: image is "${pg.image}", expected a postgres image`);
    const data = volumesOf(pg).find((volume) => volume.target === '/var/lib/postgresql/data');
    if (!data || !data.source)
      problems.push('postgres: no volume mounted at /var/lib/postgresql/data (the data would not survive a new container)');
    else if (!data.source.startsWith('.') && !data.source.startsWith('/') && !declaredVolumes.includes(data.source)) {
      problems.push(`postgres: volume "${data.source}" is not declared under the top-level volumes`);
    }
    const test = pg.healthcheck?.test;
    if (!test || pg.healthcheck?.disable || (Array.isArray(test) && test[0] === 'NONE'))
      problems.push('postgres: no healthcheck (replicas wait for service_healthy)');
  }

  // replicas
  const authSecrets = new Map<string, string>();
  const authStores = new Map<string, string>();
  const runsVolumes = new Map<string, string>();
  for (const { service, name } of REPLICAS) {
    const definition = services[name];
    if (!definition) {
      problems.push(`service ${name} is missing`);
      continue;
    }
    const SVC = service.toUpperCase();
    const env = environmentOf(definition);
    const buildService = definition.build?.args?.SERVICE;
    if (buildService !== service && !String(definition.image ?? '').includes(service))
      problems.push(`${name}: builds SERVICE=${buildService ?? '(none)'}, expected ${service}`);
    const backend = env[`SIMSVC_${SVC}_BACKEND`] ?? env[`${SVC}_BACKEND`];
    if (backend !== 'postgresql')
      problems.push(`${name}: ${SVC}_BACKEND is ${backend === undefined ? 'not set' : `"${backend}"`}, expected postgresql`);
    const dbUrl = env[`SIMSVC_${SVC}_DB_URL`] ?? env[`${SVC}_DB_URL`];
    if (!present(dbUrl)) problems.push(`${name}: ${SVC}_DB_URL is not set`);
    else if (!/^postgres(ql)?:\/\/([^@/]*@)?postgres([:/]|$)/.test(String(dbUrl)))
      problems.push(`${name}: ${SVC}_DB_URL "${dbUrl}" does not point at the postgres service`);
    const secret = env.SIMSVC_AUTH_SECRET;
    if (!present(secret)) problems.push(`${name}: SIMSVC_AUTH_SECRET is not set (each replica would generate its own)`);
    else {
      if (!isInterpolated(secret) && Buffer.byteLength(String(secret)) < MIN_SECRET_BYTES)
        problems.push(`${name}: SIMSVC_AUTH_SECRET is shorter than ${MIN_SECRET_BYTES} bytes`);
      authSecrets.set(name, String(secret));
    }
    const authStore = env.SIMSVC_AUTH_DB_URL ?? (backend === 'postgresql' ? dbUrl : env.SIMSVC_AUTH_DB_PATH);
    if (!present(authStore)) problems.push(`${name}: no auth store (SIMSVC_AUTH_DB_URL)`);
    else authStores.set(name, String(authStore));
    const anonymous = env.SIMSVC_AUTH_ALLOW_ANONYMOUS;
    if (!isOffByDefault(anonymous))
      problems.push(
        `${name}: SIMSVC_AUTH_ALLOW_ANONYMOUS is ${anonymous === undefined ? 'not set' : `"${anonymous}"`}, expected false by default (anonymous sessions can write; docs/security.md)`,
      );
    if (dependsOn(definition).postgres !== 'service_healthy')
      problems.push(`${name}: depends_on postgres must have condition service_healthy`);
    const published = portsOf(definition).filter((port) => !Number.isNaN(port.published));
    if (published.length > 0)
      problems.push(
        `${name}: publishes host port(s) ${published.map((p) => p.published).join(', ')}; replicas are reached through nginx only`,
      );
    if (service === 'results') {
      const root = env.SIMSVC_RESULTS_RUNS_ROOT ?? '/app/data/runs';
      const mount = volumesOf(definition).find((volume) => volume.target === root);
      if (!mount?.source)
        problems.push(`${name}: no volume at ${root} (SIMSVC_RESULTS_RUNS_ROOT); both results replicas must read the same run databases`);
      else runsVolumes.set(name, mount.source);
    }
  }
  const differs = (values: Map<string, string>, what: string): void => {
    const groups = new Map<string, string[]>();
    for (const [name, value] of values) groups.set(value, [...(groups.get(value) ?? []), name]);
    if (groups.size > 1)
      problems.push(`${what} differs between replicas: ${[...groups].map(([value, names]) => `${names.join(', ')}: ${value}`).join('; ')}`);
  };
  differs(authSecrets, 'SIMSVC_AUTH_SECRET');
  differs(authStores, 'the auth store');
  differs(runsVolumes, 'the run volume of the results replicas');

  // nginx
  const nginx = services.nginx;
  if (!nginx) problems.push('service nginx is missing');
  else {
    const ports = portsOf(nginx);
    for (const service of SERVICES) {
      const port = DEFAULT_PORTS[service];
      if (!ports.some((p) => p.published === port && p.target === port))
        problems.push(`nginx: does not publish ${port}:${port} (${service})`);
    }
    if (!ports.some((p) => p.published === 8000 && p.target === 8000)) problems.push('nginx: does not publish 8000:8000 (the console)');
    const conf = volumesOf(nginx).find((volume) => volume.target === '/etc/nginx/nginx.conf');
    if (!conf?.source) problems.push('nginx: docker/nginx.conf is not mounted at /etc/nginx/nginx.conf');
    else {
      const source = path.resolve(composeDir, conf.source);
      if (path.basename(source) !== 'nginx.conf' || !fs.existsSync(source))
        problems.push(`nginx: mounts ${conf.source} (${source}), which is not an existing nginx.conf`);
    }
    const deps = dependsOn(nginx);
    const missing = REPLICAS.filter(({ name }) => !(name in deps)).map(({ name }) => name);
    if (missing.length > 0) problems.push(`nginx: depends_on lacks ${missing.join(', ')} (nginx resolves the replica names at start-up)`);
  }
  return problems;
}

/** nginx.conf's upstreams must name exactly the compose replicas of each service, on its port. */
export function checkNginxUpstreams(confText: string, doc: ComposeFile | undefined): string[] {
  const problems: string[] = [];
  const { upstreams, listeners, problems: parseProblems } = parseNginxConf(confText);
  problems.push(...parseProblems.map((problem) => `nginx.conf: ${problem}`));
  const composeNames = Object.keys(doc?.services ?? {});
  for (const service of SERVICES) {
    const port = DEFAULT_PORTS[service];
    const block = upstreams[service];
    if (!block) {
      problems.push(`nginx.conf: no "# upstream:${service}" block`);
      continue;
    }
    const named = block.servers.map((server) => `${server.host}:${server.port}`).sort();
    const expected = composeNames
      .filter((name) => new RegExp(`^${service}-\\d+$`).test(name))
      .map((name) => `${name}:${port}`)
      .sort();
    if (named.join(',') !== expected.join(','))
      problems.push(
        `nginx.conf: upstream ${block.name} names ${named.join(', ') || 'nothing'}; the compose replicas are ${expected.join(', ') || 'none'}`,
      );
    const listener = listeners.find((item) => item.port === port);
    if (!listener) problems.push(`nginx.conf: nothing listens on ${port} (${service})`);
    else if (listener.upstream !== block.name)
      problems.push(`nginx.conf: listen ${port} proxies to ${listener.upstream ?? 'nothing'}, expected ${block.name}`);
  }
  return problems;
}
