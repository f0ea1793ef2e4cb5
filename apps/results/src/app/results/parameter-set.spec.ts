import { parameterSet } from './parameter-set';

describe('parameterSet', () => {
  const row = (paramClass: 'input' | 'output', name: string, schemaType: string | null) => ({ paramClass, name, schemaType });

  it('is the same whatever the order of the parameters', () => {
    const one = parameterSet([row('input', 'b', 'number'), row('output', 'x', 'Number'), row('input', 'a', 'string')]);
    const two = parameterSet([row('output', 'x', 'Number'), row('input', 'a', 'string'), row('input', 'b', 'number')]);
    expect(one).toEqual(two);
    expect(one.parameters).toBe('[["input","a","string"],["input","b","number"],["output","x","Number"]]');
    expect(one.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with a name, a class or a type', () => {
    const base = parameterSet([row('input', 'a', 'number')]).fingerprint;
    expect(parameterSet([row('input', 'b', 'number')]).fingerprint).not.toBe(base);
    expect(parameterSet([row('output', 'a', 'number')]).fingerprint).not.toBe(base);
    expect(parameterSet([row('input', 'a', 'string')]).fingerprint).not.toBe(base);
    expect(parameterSet([row('input', 'a', null)]).fingerprint).not.toBe(base);
  });
});
