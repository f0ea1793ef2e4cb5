import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateRequest, operationsOf } from './request-generator';
import type { OpenApiDocument } from './schema-values';
import { SeededRandom } from './seeded-random';

const document = JSON.parse(readFileSync(join(__dirname, '../../../../../openapi/catalog.json'), 'utf8')) as OpenApiDocument;
const operations = operationsOf(document);
const requestsOf = (seed: number, count: number) =>
  Array.from({ length: count }, (_, index) => generateRequest(operations, document, SeededRandom.forRequest(seed, index), {}));

describe('fuzz requests', () => {
  it('are the same for the same seed, request by request', () => {
    expect(requestsOf(42, 50)).toEqual(requestsOf(42, 50));
    expect(generateRequest(operations, document, SeededRandom.forRequest(42, 37), {})).toEqual(requestsOf(42, 38)[37]);
  });

  it('differ for another seed', () => {
    expect(requestsOf(42, 20)).not.toEqual(requestsOf(43, 20));
  });

  it('cover every operation of the document and make most requests hostile', () => {
    const requests = requestsOf(7, 2000);
    const covered = new Set(requests.map((request) => request.operation));
    for (const operation of operations) expect(covered).toContain(`${operation.method} ${operation.template}`);
    const hostile = requests.filter((request) => request.mutations.length > 0).length;
    expect(hostile / requests.length).toBeGreaterThan(0.4);
  });
});
