import type { OpenAPIObject } from '@nestjs/swagger';
import { openApiCompletenessProblems } from './openapi-completeness';

const errorBody = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
const documented = (...statuses: string[]) => Object.fromEntries(statuses.map((status) => [status, { description: '', ...errorBody }]));
const document = (paths: Record<string, unknown>) =>
  ({ openapi: '3.0.0', info: { title: 't', version: '1' }, paths }) as unknown as OpenAPIObject;

describe('openApiCompletenessProblems', () => {
  it('accepts an operation with its success body and the statuses the contract gives it', () => {
    const post = {
      requestBody: {},
      'x-privileges': ['write_cache'],
      responses: documented('200', '400', '401', '403', '413', '415', '503'),
    };
    expect(openApiCompletenessProblems(document({ '/cache': { post } }))).toEqual([]);
  });

  it('names each status an operation lacks, and a success without a body', () => {
    const get = { parameters: [{ name: 'id', in: 'path' }], 'x-privileges': ['read_cache'], responses: { '200': { description: '' } } };
    expect(openApiCompletenessProblems(document({ '/cache/{id}': { get } }))).toEqual([
      'GET /cache/{id}: no 503 response',
      'GET /cache/{id}: no 401 response',
      'GET /cache/{id}: no 403 response',
      'GET /cache/{id}: no 400 response',
      'GET /cache/{id}: 200 documents no JSON body',
    ]);
  });

  it('asks no 401 of a public operation and no body of a 204 or a HEAD answer', () => {
    const remove = { security: [], responses: { '204': { description: '' }, ...documented('503') } };
    const head = { security: [], responses: { '200': { description: '' }, '503': { description: '' } } };
    expect(openApiCompletenessProblems(document({ '/x': { delete: remove, head } }))).toEqual([]);
  });
});
