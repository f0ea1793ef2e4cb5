import { RecordingServer } from '../../test/support/recording-server';
import { searchHits, searchPages } from './search-pages';
import { createSimsvcClient } from './simsvc-client';

// The cursor iterator against a real HTTP server on loopback: what it sends, page after page.
describe('searchPages', () => {
  const server = RecordingServer.forSuite();

  const hit = (id: string) => ({
    execution_id: id,
    simulation_name: 's',
    simulation_version: '1',
    squid_id: null,
    input_params: {},
    output_params: {},
    status: 'completed',
    created_at: '2026-11-26T00:00:00.000000',
  });
  const PAGES: Record<string, { results: ReturnType<typeof hit>[]; next_cursor: string | null }> = {
    first: { results: [hit('a'), hit('b')], next_cursor: 'c1' },
    c1: { results: [hit('c'), hit('d')], next_cursor: 'c2' },
    c2: { results: [hit('e')], next_cursor: null },
  };

  beforeEach(() => {
    server.requests.length = 0;
    server.reply = (request) => {
      const { cursor } = JSON.parse(request.body || '{}') as { cursor?: string };
      const page = PAGES[cursor ?? 'first'];
      return { status: 200, body: { ...page, count: page.results.length, total: 5, limit: 2, offset: cursor === undefined ? 0 : null } };
    };
  });

  it('follows next_cursor until it is null, sending the same body with each cursor', async () => {
    const client = createSimsvcClient({ resultsUrl: server.url });
    const body = { simulation_name: 's', order_by: [{ class: 'output' as const, name: 'energy', direction: 'desc' as const }], limit: 2 };
    const ids: string[] = [];
    for await (const page of searchPages(client.results, body)) ids.push(...page.results.map((result) => result.execution_id));
    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(server.requests.map((request) => JSON.parse(request.body))).toEqual([
      body,
      { ...body, cursor: 'c1' },
      { ...body, cursor: 'c2' },
    ]);
  });

  it('yields hits one by one and stops early when the caller does', async () => {
    const client = createSimsvcClient({ resultsUrl: server.url });
    const ids: string[] = [];
    for await (const result of searchHits(client.results, { simulation_name: 's', limit: 2 })) {
      ids.push(result.execution_id);
      if (ids.length === 3) break;
    }
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(server.requests).toHaveLength(2);
  });
});
