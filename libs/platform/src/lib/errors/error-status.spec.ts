import { HttpStatus } from '@nestjs/common';
import * as contracts from '@simsvc/contracts';
import { ERROR_STATUS, statusOfCode } from './error-status';

// Every enum of error codes the contracts declare (by the naming rule `…ErrorCode`).
const codeEnums = Object.entries(contracts).filter(
  (entry): entry is [string, Record<string, string>] => entry[0].endsWith('ErrorCode') && typeof entry[1] === 'object',
);

describe('ERROR_STATUS', () => {
  it('finds the enums of every module', () => {
    expect(codeEnums.map(([name]) => name).sort()).toEqual([
      'AuthErrorCode',
      'CacheErrorCode',
      'ExecutionErrorCode',
      'RequestErrorCode',
      'ResultErrorCode',
      'RunDatabaseErrorCode',
      'SimulationErrorCode',
      'SyncErrorCode',
      'UploadErrorCode',
    ]);
  });

  it('gives every code of every module an error status, and knows no other code', () => {
    const codes = codeEnums.flatMap(([, values]) => Object.values(values));
    for (const code of codes) expect([code, statusOfCode(code) >= 400 && statusOfCode(code) < 600]).toEqual([code, true]);
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...codes].sort());
  });

  it('keeps codes unique across modules, so no two share a row', () => {
    const codes = codeEnums.flatMap(([, values]) => Object.values(values));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('gives the refusals of requests Node cannot parse their statuses (written to the socket)', () => {
    expect(statusOfCode(contracts.RequestErrorCode.MalformedHttp)).toBe(HttpStatus.BAD_REQUEST);
    expect(statusOfCode(contracts.RequestErrorCode.HeadersTooLarge)).toBe(431);
    expect(statusOfCode(contracts.RequestErrorCode.Timeout)).toBe(HttpStatus.REQUEST_TIMEOUT);
  });

  it('answers a code of no module with 500', () => {
    expect(statusOfCode('NO_SUCH_CODE')).toBe(HttpStatus.INTERNAL_SERVER_ERROR);
  });
});
