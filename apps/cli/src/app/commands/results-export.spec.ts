import { csvField, toCsv } from './results-export';

const hit = (id: string, inputs: Record<string, unknown>, outputs: Record<string, unknown>) => ({
  execution_id: id,
  simulation_name: 'heat-1d',
  simulation_version: '1.0.0',
  squid_id: null,
  status: 'completed',
  created_at: '2026-01-15T10:00:00.000000',
  completed_at: null,
  duration_seconds: null,
  input_params: inputs,
  output_params: outputs,
});

describe('toCsv', () => {
  it('has a column per parameter of any hit, empty where a hit lacks it, JSON for arrays and objects', () => {
    const csv = toCsv([
      hit('a', { x: 1, mode: 'fast, exact' }, { y: [1, 2] }),
      hit('b', { x: 2, extra: true }, { y: null, z: { k: 'v' } }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'execution_id,simulation_name,simulation_version,squid_id,status,created_at,in.x,in.mode,in.extra,out.y,out.z',
      'a,heat-1d,1.0.0,,completed,2026-01-15T10:00:00.000000,1,"fast, exact",,"[1,2]",',
      'b,heat-1d,1.0.0,,completed,2026-01-15T10:00:00.000000,2,,true,,"{""k"":""v""}"',
      '',
    ]);
  });
});

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['', ''],
  ])('%j → %j', (text, field) => {
    expect(csvField(text)).toBe(field);
  });
});
