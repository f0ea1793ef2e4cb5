import { bodyProblem, MAX_BODY_NESTING } from './body-shape.interceptor';

describe('bodyProblem', () => {
  const nested = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

  it('accepts ordinary bodies and no body', () => {
    expect(bodyProblem({ simulation_name: 's', input_filters: { x: { $in: [1, [2], { a: 3 }] } } })).toBeUndefined();
    expect(bodyProblem(undefined)).toBeUndefined();
    expect(bodyProblem('text')).toBeUndefined();
  });

  it('accepts nesting up to the limit and refuses one level more', () => {
    expect(bodyProblem(nested(MAX_BODY_NESTING))).toBeUndefined();
    expect(bodyProblem(nested(MAX_BODY_NESTING + 1))).toBe(`request body is nested more than ${MAX_BODY_NESTING} levels deep`);
  });

  it('refuses a very deep body without recursion', () => {
    expect(bodyProblem({ a: nested(500_000) })).toMatch(/nested more than/);
  });

  it('refuses __proto__ as a key at any depth, but not as a value', () => {
    expect(bodyProblem(JSON.parse('{"a":[{"b":{"__proto__":1}}]}'))).toBe('request body must not use __proto__ as a key');
    expect(bodyProblem({ a: '__proto__', list: ['__proto__'] })).toBeUndefined();
  });
});
