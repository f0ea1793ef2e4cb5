import { schemaFromStored, storedSchemaText } from './stored-schema';

const NULLS = { units: null, description: null, min: null, max: null, default: null };

describe('stored schema', () => {
  it('stores an inferred schema as its types alone and reads it back whole', () => {
    const schema = { inputs: { length: { type: 'number', ...NULLS } }, outputs: { mode: { type: 'string', ...NULLS } } };
    const text = storedSchemaText(schema);
    expect(text).toBe('{"inputs":{"length":{"type":"number"}},"outputs":{"mode":{"type":"string"}}}');
    expect(JSON.stringify(schemaFromStored(text))).toBe(JSON.stringify(schema));
  });

  it('keeps every value that is not null, nulls inside a default included', () => {
    const schema = {
      inputs: { t: { type: 'number', units: 'K', description: '', min: 0, max: 1e3, default: { a: null, b: [null] } } },
      outputs: { flag: { type: null, units: null, description: null, min: null, max: null, default: false } },
    };
    expect(schemaFromStored(storedSchemaText(schema))).toEqual(schema);
  });

  it('reads a schema stored whole, as rows stored before held it', () => {
    const whole = { inputs: { x: { type: 'number', ...NULLS } }, outputs: {} };
    expect(JSON.stringify(schemaFromStored(JSON.stringify(whole)))).toBe(JSON.stringify(whole));
  });
});
