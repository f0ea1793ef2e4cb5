import type { OpenAPIObject } from '@nestjs/swagger';
import { OpenApiResponseValidator } from './openapi-response-validator';

const json = (ref: string) => ({ content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } } });

const DOCUMENT = {
  openapi: '3.0.0',
  info: { title: 'test', version: '1' },
  paths: {
    '/cache/stats': {
      get: { responses: { '200': { description: '', ...json('Stats') }, '401': { description: '', ...json('ErrorBody') } } },
    },
    '/export': {
      post: { responses: { '200': { description: '', content: { 'text/csv': { schema: { type: 'string' } } } } } },
    },
    '/cache/{cache_key}': {
      get: { responses: { '200': { description: '', ...json('Entry') }, '404': { description: '', ...json('ErrorBody') } } },
      delete: { responses: { '204': { description: '' } } },
    },
  },
  components: {
    schemas: {
      Stats: { type: 'object', required: ['hits'], properties: { hits: { type: 'integer' } } },
      Entry: {
        type: 'object',
        required: ['cache_key', 'metadata'],
        properties: { cache_key: { type: 'string' }, metadata: { type: 'object', additionalProperties: true, nullable: true } },
      },
      ErrorBody: {
        type: 'object',
        required: ['statusCode', 'message'],
        properties: { statusCode: { type: 'integer' }, message: { type: 'string' } },
      },
    },
  },
} as unknown as OpenAPIObject;

describe('OpenApiResponseValidator', () => {
  const validator = new OpenApiResponseValidator(DOCUMENT);
  const check = (method: string, path: string, status: number, body: unknown, text = JSON.stringify(body)) =>
    validator.problems({ method, path, status, body, text });

  it('accepts a documented status whose body matches its schema', () => {
    expect(check('GET', '/cache/stats', 200, { hits: 3 })).toEqual([]);
    expect(check('GET', '/cache/a/b', 200, { cache_key: 'a/b', metadata: null })).toEqual([]);
    expect(check('GET', '/cache/x', 404, { statusCode: 404, message: 'cache miss' })).toEqual([]);
  });

  it('refuses a status the operation does not document', () => {
    expect(check('GET', '/cache/stats', 500, { statusCode: 500, message: 'x' })).toEqual([
      expect.stringMatching(/GET \/cache\/stats .* answered 500: status not documented \(documented: 200, 401\)/),
    ]);
  });

  it('refuses a body that lacks a required field, has a wrong type or an undocumented field', () => {
    expect(check('GET', '/cache/stats', 200, {})).toEqual([expect.stringMatching(/must have required property 'hits'/)]);
    expect(check('GET', '/cache/stats', 200, { hits: 1.5 })).toEqual([expect.stringMatching(/body\/hits must be integer/)]);
    expect(check('GET', '/cache/stats', 200, { hits: 1, extra: true })).toEqual([
      expect.stringMatching(/must NOT have additional properties/),
    ]);
  });

  it('prefers a literal path segment to a parameter, and lets only a last parameter hold slashes', () => {
    expect(check('GET', '/cache/stats', 200, { cache_key: 'stats', metadata: null })).not.toEqual([]);
    expect(check('GET', '/cache/a/b/c', 404, { statusCode: 404, message: 'cache miss' })).toEqual([]);
  });

  it('checks a HEAD answer against the GET operation by status only, and a bodiless response for a body', () => {
    expect(check('HEAD', '/cache/k', 200, {}, '')).toEqual([]);
    expect(check('HEAD', '/cache/k', 409, {}, '')).toEqual([expect.stringMatching(/status not documented/)]);
    expect(check('DELETE', '/cache/k', 204, {}, '')).toEqual([]);
    expect(check('DELETE', '/cache/k', 204, { a: 1 })).toEqual([expect.stringMatching(/a body where the document has none/)]);
  });

  it('leaves paths and methods the document does not describe unchecked', () => {
    expect(check('GET', '/metrics', 200, 'text')).toEqual([]);
    expect(check('PUT', '/cache/stats', 404, { statusCode: 404 })).toEqual([]);
  });

  it('accepts a documented non-JSON body by its media type only, and refuses one of another type', () => {
    const answer = (contentType: string) =>
      validator.problems({ method: 'POST', path: '/export', status: 200, body: {}, text: 'a,b\r\n', contentType });
    expect(answer('text/csv; charset=utf-8')).toEqual([]);
    expect(answer('text/plain')).toEqual([expect.stringMatching(/a body where the document has none/)]);
  });
});
