import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'] as const;
const BODY_STATUSES = ['400', '413', '415'];

/**
 * What an operation of a simsvc document lacks by the contract's rules (§1, §3): a success
 * response (with a JSON body unless 204 or HEAD), 503 on every operation, 401 on every operation
 * that needs a session and 403 on every one that needs a privilege, 400/413/415 where a body is
 * read, 400 where a parameter is, and the shared error body on every 4xx/503 that has a body.
 */
export function openApiCompletenessProblems(document: OpenAPIObject): string[] {
  const problems: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = (item as Record<string, OperationObject | undefined>)[method];
      if (operation) problems.push(...operationProblems(`${method.toUpperCase()} ${path}`, method, operation));
    }
  }
  return problems;
}

function operationProblems(name: string, method: string, operation: OperationObject): string[] {
  const statuses = Object.keys(operation.responses);
  const required = new Set(['503']);
  const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
  if (!isPublic) required.add('401');
  if ('x-privileges' in operation) required.add('403');
  if (operation.requestBody || ['post', 'put', 'patch'].includes(method)) BODY_STATUSES.forEach((status) => required.add(status));
  if ((operation.parameters ?? []).length > 0) required.add('400');
  const problems = [...required].filter((status) => !statuses.includes(status)).map((status) => `${name}: no ${status} response`);

  const successes = statuses.filter((status) => status.startsWith('2'));
  if (successes.length === 0) problems.push(`${name}: no 2xx response`);
  for (const status of statuses) {
    const response = operation.responses[status] as ResponseObject;
    // A file served as itself (a run database) documents its body in its own media type.
    const hasBody = Object.values(response.content ?? {}).some((media) => media?.schema !== undefined);
    if (method === 'head' || status === '204' || status === '304') continue;
    if (!hasBody) problems.push(`${name}: ${status} documents no JSON body`);
  }
  return problems;
}
