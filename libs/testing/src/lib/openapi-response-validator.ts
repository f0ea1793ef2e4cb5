import Ajv, { ValidateFunction } from 'ajv';
import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import type { Response } from 'superagent';
import type { Test } from 'supertest';
import type TestAgent from 'supertest/lib/agent';

/** What a response needs for a check: the request's method and path, the status and the parsed body. */
export interface ObservedResponse {
  method: string;
  path: string;
  status: number;
  body: unknown;
  /** The raw body text; empty for a response without a body. */
  text?: string;
  /** The Content-Type header, when there is one. */
  contentType?: string;
}

interface Route {
  pattern: RegExp;
  greedyPattern: RegExp;
  literalSegments: number;
  operations: Record<string, OperationObject>;
  template: string;
}

const DOCUMENT_ID = 'openapi';

/**
 * Checks real responses against a service's OpenAPI document: the operation is found by method
 * and path template, the status must be documented, and a JSON body must match the documented
 * schema. Objects are closed for the check (a schema with `properties` and no
 * `additionalProperties` admits no other field), so an undocumented field fails as well.
 * Requests to paths the document does not describe (/docs, /metrics, unknown routes) are not checked.
 */
export class OpenApiResponseValidator {
  private readonly routes: Route[];
  private readonly ajv = new Ajv({ strict: false, validateSchema: false, allErrors: true, validateFormats: false });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(document: OpenAPIObject) {
    this.ajv.addSchema({ components: rebased(closedObjects(structuredClone(document.components ?? {}))) }, DOCUMENT_ID);
    this.routes = Object.entries(document.paths)
      .map(([template, operations]) => route(template, operations as Record<string, OperationObject>))
      .sort((a, b) => b.literalSegments - a.literalSegments);
  }

  /** The problems of one response: empty when it conforms or is not described. */
  problems(response: ObservedResponse): string[] {
    const found = this.operation(response.method.toLowerCase(), response.path);
    if (!found) return [];
    const { operation, template, method } = found;
    const where = `${response.method} ${response.path} (${method.toUpperCase()} ${template}) answered ${response.status}`;
    const documented = operation.responses[String(response.status)] as ResponseObject | undefined;
    if (!documented) return [`${where}: status not documented (documented: ${Object.keys(operation.responses).join(', ')})`];
    const schema = documented.content?.['application/json']?.schema;
    if (response.method.toUpperCase() === 'HEAD') return [];
    const mediaType = response.contentType?.split(';')[0].trim().toLowerCase();
    // A documented text body other than JSON (a CSV file, JSON lines) is only checked for its media type.
    if (!schema && mediaType !== undefined && mediaType !== 'application/json' && documented.content?.[mediaType]) return [];
    if (!schema) return response.text ? [`${where}: a body where the document has none: ${response.text.slice(0, 200)}`] : [];
    const validate = this.validator(`${method} ${template} ${response.status}`, schema);
    if (validate(response.body)) return [];
    return (validate.errors ?? []).map(
      (error) => `${where}: body${error.instancePath} ${error.message} ${JSON.stringify(error.params)}; body ${preview(response.body)}`,
    );
  }

  private operation(method: string, path: string): { operation: OperationObject; template: string; method: string } | undefined {
    // HEAD of a GET route is answered by the GET route (express): its statuses apply.
    const methods = method === 'head' ? ['head', 'get'] : [method];
    for (const greedy of [false, true]) {
      for (const candidate of this.routes) {
        if (!(greedy ? candidate.greedyPattern : candidate.pattern).test(path)) continue;
        const found = methods.find((name) => candidate.operations[name]);
        if (found) return { operation: candidate.operations[found], template: candidate.template, method: found };
      }
    }
    return undefined;
  }

  private validator(key: string, schema: object): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(rebased(schema));
      this.compiled.set(key, validate);
    }
    return validate;
  }
}

function route(template: string, operations: Record<string, OperationObject>): Route {
  const segments = template.split('/').filter(Boolean);
  const parts = segments.map((segment) => (/^\{.+\}$/.test(segment) ? '[^/]+' : escape(segment)));
  // A last parameter may hold slashes (GET /cache/{cache_key}): tried only when nothing else matches.
  const greedyParts = [...parts];
  if (greedyParts.length > 0 && /^\{.+\}$/.test(segments[segments.length - 1])) greedyParts[greedyParts.length - 1] = '.+';
  return {
    template,
    operations,
    pattern: new RegExp(`^/${parts.join('/')}/?$`),
    greedyPattern: new RegExp(`^/${greedyParts.join('/')}/?$`),
    literalSegments: segments.filter((segment) => !segment.startsWith('{')).length,
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `#/components/...` references, pointed at the document added to Ajv. */
function rebased<T extends object>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, `"$ref":"${DOCUMENT_ID}#/`)) as T;
}

function closedObjects<T>(node: T): T {
  if (Array.isArray(node)) node.forEach(closedObjects);
  else if (node && typeof node === 'object') {
    const schema = node as Record<string, unknown>;
    if (schema['properties'] && typeof schema['properties'] === 'object' && !('additionalProperties' in schema)) {
      schema['additionalProperties'] = false;
    }
    Object.values(schema).forEach(closedObjects);
  }
  return node;
}

function preview(body: unknown): string {
  const text = JSON.stringify(body);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

const CHECKED_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

/**
 * The agent with one more assertion on every request it makes: the response conforms to the
 * document (the test fails naming the operation, status and each mismatch otherwise).
 */
export function conformingAgent(agent: TestAgent, validator: OpenApiResponseValidator): TestAgent {
  for (const method of CHECKED_METHODS) {
    const request = agent[method].bind(agent) as (url: string, ...rest: unknown[]) => Test;
    (agent as unknown as Record<string, unknown>)[method] = (url: string, ...rest: unknown[]) =>
      request(url, ...rest).expect((response: Response) => {
        const sent = (response as Response & { req: { method: string; path: string } }).req;
        const problems = validator.problems({
          method: sent.method,
          path: sent.path.split('?')[0],
          status: response.status,
          body: response.body,
          text: response.text,
          contentType: response.headers['content-type'] as string | undefined,
        });
        if (problems.length > 0) throw new Error(`response does not conform to the OpenAPI document:\n${problems.join('\n')}`);
      });
  }
  return agent;
}
