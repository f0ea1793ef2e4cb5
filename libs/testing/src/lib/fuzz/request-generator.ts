import { percentEncode } from './hostile-values';
import { hostileBodyText, hostileContentType, hostileQuery, hostileSegment, mutateValue } from './request-mutations';
import { type KnownValues, type OpenApiDocument, resolve, type Schema, valueFor } from './schema-values';
import type { SeededRandom } from './seeded-random';

export const PRINCIPALS = ['none', 'garbage', 'anonymous', 'user', 'developer', 'admin'] as const;
export type Principal = (typeof PRINCIPALS)[number];

/** One generated request, before its session is filled in. */
export interface FuzzRequest {
  /** The OpenAPI operation it was made from (`PATCH /simulations/{simulation}`), or what it is. */
  operation: string;
  method: string;
  /** As sent, latin1 (see RawRequest.target). */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  principal: Principal;
  /** What was made hostile. */
  mutations: string[];
}

interface Operation {
  method: string;
  template: string;
  parameters: { name: string; in: string; schema?: Schema }[];
  body?: Schema;
}

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document, HEAD added for each GET (express answers it). */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .flatMap(([method, raw]) => {
        const operation = raw as { parameters?: Operation['parameters']; requestBody?: { content?: Record<string, { schema?: Schema }> } };
        const body = operation.requestBody?.content?.['application/json']?.schema;
        const made = { method: method.toUpperCase(), template, parameters: operation.parameters ?? [], body };
        return method === 'get' ? [made, { ...made, method: 'HEAD' }] : [made];
      }),
  );
}

/**
 * A request to one of the document's operations (now and then to no route at all), valid in
 * shape most of the time, with hostile parts in about two of three: path segments, query
 * parameters, body values, the body's bytes, its content type or its framing.
 */
export function generateRequest(
  operations: readonly Operation[],
  document: OpenApiDocument,
  random: SeededRandom,
  known: KnownValues,
): FuzzRequest {
  const operation = random.chance(0.03) ? strayOperation(random) : random.pick(operations);
  const mutations: string[] = [];
  const hostile = random.chance(0.65);
  const pathPart = operation.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (hostile && random.chance(0.25)) {
      mutations.push('path');
      return hostileSegment(random);
    }
    const schema = operation.parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? { type: 'string' };
    return percentEncode(String(valueFor(schema, document, random, known, name)));
  });
  const draw: Draw = { document, random, known, hostile, mutations };
  const query = queryOf(operation, draw);
  const headers: Record<string, string> = { host: 'fuzz.test', connection: random.chance(0.5) ? 'keep-alive' : 'close' };
  if (hostile && random.chance(0.05)) {
    headers['x-request-id'] = random.pick(['', 'x'.repeat(200), '../../etc', 'é']);
    mutations.push('request-id');
  }
  const body = bodyOf(operation, draw, headers);
  // A hostile request that drew no mutation gets a hostile query parameter, which every route takes.
  const queryParts = [query];
  if (hostile && mutations.length === 0) addHostileQuery(queryParts, operation, draw);
  const fullQuery = queryParts.filter(Boolean).join('&');
  return {
    operation: `${operation.method} ${operation.template}`,
    method: operation.method,
    target: fullQuery ? `${pathPart}?${fullQuery}` : pathPart,
    headers,
    body,
    principal: random.weighted<Principal>([
      [1, 'none'],
      [1, 'garbage'],
      [2, 'anonymous'],
      [1, 'user'],
      [2, 'developer'],
      [4, 'admin'],
    ]),
    mutations,
  };
}

function strayOperation(random: SeededRandom): Operation {
  const template = random.pick([
    '/',
    '/docs',
    '/docs/',
    '/openapi.json',
    '/metrics',
    '/health/',
    '/nothing',
    '/users/',
    '//users',
    '/%2e%2e/etc/passwd',
  ]);
  return { method: random.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']), template, parameters: [] };
}

/** What one request's parts are drawn with, and the list of what was made hostile. */
interface Draw {
  document: OpenApiDocument;
  random: SeededRandom;
  known: KnownValues;
  hostile: boolean;
  mutations: string[];
}

function queryOf(operation: Operation, draw: Draw): string {
  const { document, random, known } = draw;
  const parts = queryParameters(operation)
    .filter(() => random.chance(0.5))
    .map((p) => `${p.name}=${percentEncode(String(valueFor(p.schema ?? {}, document, random, known, p.name)))}`);
  if (draw.hostile && random.chance(0.25)) addHostileQuery(parts, operation, draw);
  return parts.join('&');
}

const queryParameters = (operation: Operation) => operation.parameters.filter((p) => p.in === 'query');

function addHostileQuery(parts: string[], operation: Operation, draw: Draw): void {
  const names = queryParameters(operation).map((p) => p.name);
  parts.push(hostileQuery(draw.random, names));
  draw.mutations.push('query');
}

function bodyOf(operation: Operation, draw: Draw, headers: Record<string, string>): Buffer | undefined {
  const { document, random, known, hostile, mutations } = draw;
  // A route without a body gets one now and then: it is read and dropped.
  if (!operation.body && !(hostile && random.chance(0.05))) return undefined;
  let value = operation.body ? valueFor(resolve(operation.body, document), document, random, known) : { stray: true };
  if (hostile && random.chance(0.6)) {
    const [mutated, kind] = mutateValue(value, random);
    value = mutated;
    mutations.push(kind);
  }
  let body: Buffer = Buffer.from(JSON.stringify(value) ?? 'null');
  headers['content-type'] = 'application/json';
  if (hostile && random.chance(0.12)) {
    const [text, kind] = hostileBodyText(random, body.toString('utf8'));
    body = text;
    mutations.push(kind);
  }
  if (hostile && random.chance(0.1)) {
    const type = hostileContentType(random);
    if (type === undefined) delete headers['content-type'];
    else headers['content-type'] = type;
    mutations.push(`content-type ${type ?? 'none'}`);
  }
  if (hostile && random.chance(0.05)) {
    headers['content-encoding'] = random.pick(['gzip', 'deflate', 'br', 'identity', 'x-unknown']);
    mutations.push(`content-encoding ${headers['content-encoding']}`);
  }
  if (random.chance(0.1)) {
    headers['transfer-encoding'] = 'chunked';
    mutations.push('chunked');
  } else headers['content-length'] = String(body.length);
  return body;
}
