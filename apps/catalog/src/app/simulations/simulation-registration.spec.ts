import { NO_PROVENANCE } from '../../../test/support/no-provenance';
import { checkRegistration } from './simulation-registration';

const valid = {
  name: 'heat-1d',
  version: '1.0.0',
  description: 'rod',
  tags: [' Heat ', 'pde', 'HEAT'],
  schema: { inputs: { length: { type: 'number', units: 'm', min: null } }, outputs: { t: { type: 'number' } } },
};

describe('registration rules (POST /simulations and manifests alike)', () => {
  it('normalizes a valid body: defaults, schema alias, tags trimmed and de-duplicated, schemas as sent', async () => {
    const check = await checkRegistration(valid);
    expect(check).toEqual({
      ok: true,
      simulation: {
        name: 'heat-1d',
        version: '1.0.0',
        description: 'rod',
        author: null,
        tags: ['Heat', 'pde'],
        inputSchema: { length: { type: 'number', units: 'm', min: null } },
        outputSchema: { t: { type: 'number' } },
        status: 'active',
        provenance: NO_PROVENANCE,
      },
    });
  });

  it.each([
    [{ ...valid, name: 'search' }, 'name must not be search (reserved)'],
    [{ ...valid, name: '-bad' }, 'name must match [A-Za-z0-9][A-Za-z0-9._-]{0,127}'],
    [{ ...valid, name: 'a'.repeat(129) }, 'name must match [A-Za-z0-9][A-Za-z0-9._-]{0,127}'],
    [{ ...valid, version: '1.0 beta' }, 'version must match [A-Za-z0-9][A-Za-z0-9._+-]{0,127}'],
    [{ ...valid, schema: undefined, input_schema: [] }, 'input_schema must be a JSON object mapping parameter names to parameters'],
    [{ ...valid, schema: undefined, output_schema: 'x' }, 'output_schema must be a JSON object mapping parameter names to parameters'],
    [
      { ...valid, schema: { inputs: { x: { type: 'float' } } } },
      'schema.inputs.x.type must be one of number, integer, string, boolean, array, object, file, Number, Integer, Text, Element, Boolean, Array, List, Dict, Image',
    ],
    [{ ...valid, schema: { inputs: { x: { type: 'number', min: 5, max: 1 } } } }, 'schema.inputs.x.min must not be greater than max'],
    [{ ...valid, schema: { inputs: { x: 'number' } } }, 'schema.inputs.x must be a JSON object with a type'],
    [{ ...valid, schema: { inputs: {}, extra: {} } }, 'property schema.extra should not exist'],
    [{ ...valid, schema: 'x' }, 'schema must be a JSON object {inputs, outputs}'],
    [{ ...valid, input_schema: {} }, 'give input_schema/output_schema or schema, not both'],
    [{ ...valid, tags: ['a,b'] }, 'tags must be an array of at most 64 strings of 1 to 64 characters without commas or control characters'],
    [{ ...valid, status: 'retired' }, 'status must be one of active, deprecated'],
    [{ ...valid, colour: 'red' }, 'property colour should not exist'],
  ])('refuses %j: %s', async (body, problem) => {
    const check = await checkRegistration(body);
    expect(check.ok).toBe(false);
    expect(check.ok ? [] : check.problems).toContain(problem);
  });

  it('refuses a manifest too deep to validate, or with a __proto__ key, as POST /simulations does', async () => {
    const deep = JSON.parse(
      `{"name":"x","version":"1","input_schema":{"p":{"type":"object","default":${'['.repeat(10_000)}${']'.repeat(10_000)}}}}`,
    );
    expect(await checkRegistration(deep)).toEqual({
      ok: false,
      problems: ['manifest is nested more than 72 levels deep'],
      name: 'x',
      version: '1',
    });
    const proto = JSON.parse('{"name":"x","version":"1","input_schema":{"__proto__":{"type":"number"}}}');
    expect(await checkRegistration(proto)).toMatchObject({ ok: false, problems: ['manifest must not use __proto__ as a key'] });
  });

  it('reports the name and version of a refused body when it has them', async () => {
    expect(await checkRegistration({ name: 'x', version: '1', input_schema: 3 })).toMatchObject({ ok: false, name: 'x', version: '1' });
    expect(await checkRegistration(['not', 'an', 'object'])).toEqual({
      ok: false,
      problems: ['manifest must be a JSON object'],
      name: undefined,
      version: undefined,
    });
  });
});
