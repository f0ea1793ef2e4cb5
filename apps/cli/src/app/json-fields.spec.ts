import { expandJsonFields, pickFields } from './json-fields';

describe('--json FIELDS', () => {
  it('takes --json=F and a comma list after --json; a bare --json stays', () => {
    expect(expandJsonFields(['--json=a', 'whoami'])).toEqual(['--json', '--json-fields', 'a', 'whoami']);
    expect(expandJsonFields(['--json', 'a,b', 'results', 'search'])).toEqual(['--json', '--json-fields', 'a,b', 'results', 'search']);
    expect(expandJsonFields(['--json', 'whoami'])).toEqual(['--json', 'whoami']);
    expect(expandJsonFields(['results', 'show', '--json', 'exec-1'])).toEqual(['results', 'show', '--json', 'exec-1']);
  });

  it('picks from the list of a page, from an array, or from one object; in./out. reach parameters', () => {
    const hit = { execution_id: 'e1', input_params: { length: 2 }, output_params: { energy: 0.5 }, schema: { inputs: {} } };
    expect(pickFields({ total: 1, results: [hit] }, ['execution_id', 'out.energy', 'in.length'])).toEqual([
      { execution_id: 'e1', 'out.energy': 0.5, 'in.length': 2 },
    ]);
    expect(pickFields([hit], ['execution_id'])).toEqual([{ execution_id: 'e1' }]);
    expect(pickFields(hit, ['schema.inputs'])).toEqual({ 'schema.inputs': {} });
    expect(() => pickFields(hit, ['nope'])).toThrow(
      'unknown field nope; the fields are execution_id, input_params, output_params, schema, in.length, out.energy',
    );
  });
});
