import { isUnreachable, SimsvcError, SimsvcUnreachableError } from './simsvc-error';

const request = { method: 'GET', url: 'http://127.0.0.1:8001/cache/k' };
const response = (status: number, statusText = '', headers: Record<string, string> = {}) =>
  new Response(null, { status, statusText, headers });

describe('SimsvcError.fromResponse', () => {
  it('reads the contract error body and the X-Request-ID header', () => {
    const body = { statusCode: 404, error: 'Not Found', message: 'cache miss', cache_key: 'k' };
    const error = SimsvcError.fromResponse(request, response(404, 'Not Found', { 'X-Request-ID': 'abc' }), body);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ status: 404, message: 'cache miss', details: undefined, requestId: 'abc', body, ...request });
  });

  it('keeps details as sent', () => {
    const body = { statusCode: 400, error: 'Bad Request', message: 'invalid body', details: ['a must be a number', 'b is required'] };
    expect(SimsvcError.fromResponse(request, response(400), body).details).toEqual(body.details);
  });

  it.each([
    ['a non-string message', { message: ['x'] }, 'Bad Request'],
    ['an empty text body', '   ', 'Bad Request'],
    ['no body', undefined, 'Bad Request'],
  ])('falls back to the status text for %s', (_case, body, message) => {
    expect(SimsvcError.fromResponse(request, response(400, 'Bad Request'), body).message).toBe(message);
  });

  it('says HTTP <status> when there is no status text either', () => {
    expect(SimsvcError.fromResponse(request, response(500), undefined).message).toBe('HTTP 500');
  });
});

describe('SimsvcUnreachableError', () => {
  it('names the origin and the system error code', () => {
    const cause = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    const error = new SimsvcUnreachableError('http://127.0.0.1:8003/search?x=1', cause);
    expect(error).toMatchObject({ name: 'SimsvcUnreachableError', url: 'http://127.0.0.1:8003/search?x=1', cause });
    expect(error.message).toBe('cannot reach http://127.0.0.1:8003: ECONNREFUSED');
  });

  it("falls back to the cause's message", () => {
    expect(new SimsvcUnreachableError('/api/cache/cache/stats', new TypeError('Failed to fetch')).message).toBe(
      'cannot reach /api/cache/cache/stats: Failed to fetch',
    );
  });

  it('counts TypeErrors as unreachable, aborts and timeouts not', () => {
    expect(isUnreachable(new TypeError('fetch failed'))).toBe(true);
    expect(isUnreachable(new DOMException('aborted', 'AbortError'))).toBe(false);
    expect(isUnreachable(new DOMException('timed out', 'TimeoutError'))).toBe(false);
    expect(isUnreachable(undefined)).toBe(false);
  });
});
