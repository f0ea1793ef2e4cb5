import { HttpStatus } from '@nestjs/common';
import { statusOfCode } from '@simsvc/platform';
import { DomainError, type RegisterDirectDto, type RegisterResultDto } from '@simsvc/contracts';
import type { IntrospectedRun } from '../run-database/introspected-run.interface';
import { resultFromBody, resultFromRun } from './new-result';

const schema = { type: 'number', units: 'm', description: null, min: null, max: null, default: null };

function introspected(run: Partial<IntrospectedRun['run']> = {}, inputs: IntrospectedRun['inputs'] = { length: 2 }): IntrospectedRun {
  return {
    run: {
      execution_id: 'exec-1',
      squid_id: 'sq/1',
      simulation_name: 'heat-1d',
      simulation_version: '1.0.0',
      simulation_id: 3,
      started_at: '2026-01-15T10:00:00.000000',
      completed_at: '2026-01-15 10:00:02.5',
      duration_seconds: 2.5,
      status: 'completed',
      executor_type: 'local',
      ...run,
    },
    inputs,
    outputs: { peak: JSON.parse('1e400') as number },
    schema: { inputs: Object.fromEntries(Object.keys(inputs).map((name) => [name, schema])), outputs: { peak: schema } },
  };
}

const request = (body: Partial<RegisterResultDto> = {}): RegisterResultDto => ({ execution_id: 'exec-1', ...body }) as RegisterResultDto;

function refusal(build: () => unknown): { status: number; message: string } {
  try {
    build();
  } catch (error) {
    if (error instanceof DomainError) return { status: statusOfCode(error.code), message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('resultFromRun', () => {
  it('takes identity, status, timing and values from the run database and metadata from the body', () => {
    expect(resultFromRun(introspected(), request({ squid_id: 'from/body', metadata: { a: 1 } }), 'exec-1.db')).toEqual({
      execution_id: 'exec-1',
      simulation_name: 'heat-1d',
      simulation_version: '1.0.0',
      squid_id: 'sq/1',
      status: 'completed',
      duration_seconds: 2.5,
      input_params: { length: 2 },
      output_params: { peak: null },
      schema: { inputs: { length: schema }, outputs: { peak: schema } },
      run_db_path: 'exec-1.db',
      metadata: { a: 1 },
      completed_at: Date.UTC(2026, 0, 15, 10, 0, 2, 500) * 1000,
    });
  });

  it('uses the body squid_id only when the database has none', () => {
    expect(resultFromRun(introspected({ squid_id: null }), request({ squid_id: 'from/body' }), 'x.db').squid_id).toBe('from/body');
    expect(resultFromRun(introspected({ squid_id: null }), request(), 'x.db').squid_id).toBeNull();
  });

  it('leaves an unreadable completed_at out rather than failing', () => {
    expect(resultFromRun(introspected({ completed_at: 'yesterday' }), request(), 'x.db').completed_at).toBeNull();
    expect(resultFromRun(introspected({ completed_at: null }), request(), 'x.db').completed_at).toBeNull();
  });

  it('refuses a database of another execution with 422', () => {
    expect(refusal(() => resultFromRun(introspected({ execution_id: 'exec-2' }), request(), 'x.db'))).toEqual({
      status: HttpStatus.UNPROCESSABLE_ENTITY,
      message: 'execution_id in the run database (exec-2) differs from the request (exec-1)',
    });
    expect(refusal(() => resultFromRun(introspected({ execution_id: 'x'.repeat(100) }), request(), 'x.db')).message).toBe(
      `execution_id in the run database (${'x'.repeat(64)}…) differs from the request (exec-1)`,
    );
  });

  it.each([
    [{ simulation_name: '' }, 'run_metadata.simulation_name must be 1 to 256 characters'],
    [{ simulation_version: 'v'.repeat(257) }, 'run_metadata.simulation_version must be 1 to 256 characters'],
    [{ status: 's'.repeat(65) }, 'run_metadata.status must be 1 to 64 characters'],
    [{ squid_id: 'a\u0000b' }, 'run_metadata.squid_id must not contain U+0000 or unpaired surrogates'],
  ])('refuses run metadata the store cannot keep: %j', (run, message) => {
    expect(refusal(() => resultFromRun(introspected(run), request(), 'x.db'))).toEqual({
      status: HttpStatus.UNPROCESSABLE_ENTITY,
      message,
    });
  });

  it('refuses parameter names the store cannot keep', () => {
    expect(refusal(() => resultFromRun(introspected({}, { ['n'.repeat(300)]: 1 }), request(), 'x.db')).message).toBe(
      `input name ${'n'.repeat(64)}… is longer than 256 characters`,
    );
    expect(refusal(() => resultFromRun(introspected({}, { 'a\ud800': 1 }), request(), 'x.db')).message).toBe(
      'an input name contains U+0000 or unpaired surrogates',
    );
  });
});

describe('resultFromBody', () => {
  it('infers the schema and fills absent optional fields with null', () => {
    const body = {
      execution_id: 'd-1',
      simulation_name: 's',
      simulation_version: '1',
      status: 'completed',
      input_params: { n: 1, s: 'x' },
      output_params: { big: JSON.parse('1e400') as number },
    } as unknown as RegisterDirectDto;
    expect(resultFromBody(body)).toEqual({
      execution_id: 'd-1',
      simulation_name: 's',
      simulation_version: '1',
      squid_id: null,
      status: 'completed',
      duration_seconds: null,
      input_params: { n: 1, s: 'x' },
      output_params: { big: null },
      schema: {
        inputs: {
          n: { type: 'number', units: null, description: null, min: null, max: null, default: null },
          s: { type: 'string', units: null, description: null, min: null, max: null, default: null },
        },
        outputs: { big: { type: 'null', units: null, description: null, min: null, max: null, default: null } },
      },
      run_db_path: null,
      metadata: null,
      completed_at: null,
    });
  });
});
