import type { HitRecord } from '../results/result.record';
import { parse } from 'csv-parse/sync';
import { csvCell, csvHeader, csvRecord, csvRecords, exportColumns, exportFileName, jsonLines } from './export-table';

const hit = (inputs: object, outputs: object): HitRecord => ({
  id: 1,
  executionId: 'run-1',
  simulationName: 'sim',
  simulationVersion: '1.0',
  squidId: null,
  completedAt: null,
  durationSeconds: null,
  inputParams: JSON.stringify(inputs),
  outputParams: JSON.stringify(outputs),
  status: 'completed',
  createdAt: Date.UTC(2026, 10, 27, 10, 0, 0) * 1000,
});

describe('export table', () => {
  it('takes the union of parameter sets and loose names, each class sorted by code point', () => {
    const columns = exportColumns(
      [
        JSON.stringify([
          ['input', 'b', 'number'],
          ['output', 'z', 'string'],
        ]),
        JSON.stringify([
          ['input', 'a', 'number'],
          ['input', '\u{1F600}', 'string'],
          ['input', '\uFFFD', 'string'],
        ]),
      ],
      [
        { paramClass: 'output', name: 'y' },
        { paramClass: 'input', name: 'b' },
      ],
    );
    expect(columns).toEqual({ inputs: ['a', 'b', '\uFFFD', '\u{1F600}'], outputs: ['y', 'z'] });
  });

  it('writes CSV per RFC 4180 with formulas defused and numbers kept', () => {
    const columns = { inputs: ['n'], outputs: ['s', 'missing'] };
    expect(csvHeader(columns)).toBe('execution_id,simulation_name,simulation_version,status,created_at,in.n,out.s,out.missing\r\n');
    expect(csvRecords([hit({ n: -1 }, { s: '=1+1' }), hit({ n: false }, { s: 'a "b"' })], columns)).toBe(
      "run-1,sim,1.0,completed,2026-11-27T10:00:00.000000,-1,'=1+1,\r\n" +
        'run-1,sim,1.0,completed,2026-11-27T10:00:00.000000,false,"a ""b""",\r\n',
    );
  });

  it('writes each parameter as csvCell writes its parsed value, whatever its type', () => {
    const values = [
      null,
      true,
      false,
      0,
      -0,
      -12.5,
      1e21,
      5e-324,
      '=cmd',
      '-1',
      'a,"b"\n',
      '',
      '\u2028',
      [1, 'x,y', { a: null }],
      { 'k"': [] },
    ];
    const outputs = Object.fromEntries(values.map((value, i) => [`v${i}`, value]));
    const columns = { inputs: ['absent'], outputs: Object.keys(outputs) };
    const cells = ['', ...values.map((value) => csvCell(JSON.parse(JSON.stringify(value)) as never))];
    expect(csvRecords([hit({}, outputs)], columns)).toBe(`run-1,sim,1.0,completed,2026-11-27T10:00:00.000000,${cells.join(',')}\r\n`);
  });

  it('writes fields an RFC 4180 reader reads back as written (formulas aside)', () => {
    const values = ['plain', 'a,b', 'say "hi"', 'one\r\ntwo\nthree\r', '', ' padded ', 'é\u{1F600}', '"', ',', 'x"', '""'];
    expect(parse(csvRecord(values))).toEqual([values]);
    expect(parse(csvRecord([1.5, -2, 1e300, true, false, null, [1, 'a,b'], { k: '"v"' }]))).toEqual([
      ['1.5', '-2', '1e+300', 'true', 'false', '', '[1,"a,b"]', '{"k":"\\"v\\""}'],
    ]);
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\uFF1D1', '\uFF0B1', '\uFF0D1', '\uFF201'])(
    'prefixes the string %j with a single quote',
    (text) => {
      expect(parse(csvRecord([text]))).toEqual([[`'${text}`]]);
    },
  );

  it('leaves numbers, and strings with a formula character further in, alone', () => {
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell('a=1')).toBe('a=1');
    expect(csvCell(' =1')).toBe(' =1');
  });

  it('writes one JSON object per line with the parameters whole', () => {
    const line = jsonLines([hit({ n: [1] }, { s: { a: null } })]);
    expect(line.endsWith('\n')).toBe(true);
    expect(JSON.parse(line)).toEqual({
      execution_id: 'run-1',
      simulation_name: 'sim',
      simulation_version: '1.0',
      status: 'completed',
      created_at: '2026-11-27T10:00:00.000000',
      completed_at: null,
      duration_seconds: null,
      input_params: { n: [1] },
      output_params: { s: { a: null } },
    });
  });

  it('names the file after the simulation and the day, with unsafe characters replaced', () => {
    const day = new Date('2026-11-27T23:59:00Z');
    expect(exportFileName('heat-1d', 'csv', day)).toBe('heat-1d-2026-11-27.csv');
    expect(exportFileName(undefined, 'jsonl', day)).toBe('results-2026-11-27.jsonl');
    expect(exportFileName('../a b"c', 'csv', day)).toBe('__a_b_c-2026-11-27.csv');
  });
});
