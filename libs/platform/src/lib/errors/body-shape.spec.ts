import { MAX_BODY_NESTING } from '@simsvc/contracts';
import { bodyShapeProblem } from './body-shape';

describe('bodyShapeProblem', () => {
  const nested = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

  it('accepts ordinary bodies and no body', () => {
    expect(bodyShapeProblem({ simulation_name: 's', input_filters: { x: { $in: [1, [2], { a: 3 }] } } })).toBeUndefined();
    expect(bodyShapeProblem(undefined)).toBeUndefined();
    expect(bodyShapeProblem('text')).toBeUndefined();
  });

  it('accepts nesting up to the limit and refuses one level more', () => {
    expect(bodyShapeProblem(nested(MAX_BODY_NESTING))).toBeUndefined();
    expect(bodyShapeProblem(nested(MAX_BODY_NESTING + 1))).toBe(`request body is nested more than ${MAX_BODY_NESTING} levels deep`);
  });

  it('refuses a very deep body without recursion', () => {
    expect(bodyShapeProblem({ a: nested(500_000) })).toMatch(/nested more than/);
  });

  it('refuses __proto__ as a key at any depth, but not as a value', () => {
    expect(bodyShapeProblem(JSON.parse('{"a":[{"b":{"__proto__":1}}]}'))).toBe('request body must not use __proto__ as a key');
    expect(bodyShapeProblem({ a: '__proto__', list: ['__proto__'] })).toBeUndefined();
  });

  it('refuses U+0000 in any key or string, at any depth, and in a bare string', () => {
    expect(bodyShapeProblem({ a: [{ b: 'x\u0000y' }] })).toBe('request body must not contain U+0000');
    expect(bodyShapeProblem(JSON.parse('{"a":{"k\\u0000":1}}'))).toBe('request body must not contain U+0000');
    expect(bodyShapeProblem('\u0000', 'path parameter')).toBe('path parameter must not contain U+0000');
    expect(bodyShapeProblem({ a: 'x\\u0000y', b: '\u2400' })).toBeUndefined();
  });

  it('names the document it was given', () => {
    expect(bodyShapeProblem(JSON.parse('{"__proto__":{}}'), 'manifest')).toBe('manifest must not use __proto__ as a key');
  });
});
