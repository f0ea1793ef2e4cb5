import { Injectable, PipeTransform } from '@nestjs/common';
import { IDENTIFIER_PATTERN, isStorableText, MAX_RESULT_NAME_LENGTH } from '@simsvc/contracts';
import { ResultError, ResultErrorCode } from './results.errors';

const invalid = (message: string): ResultError => new ResultError(ResultErrorCode.InvalidParameter, message);

/** `{execution_id}` of /results/{execution_id}: an id that cannot exist is ResultErrorCode.InvalidParameter. */
@Injectable()
export class ExecutionIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!IDENTIFIER_PATTERN.test(value)) throw invalid(`execution_id must match ${IDENTIFIER_PATTERN.source}`);
    return value;
  }
}

/** A simulation or parameter name in the path: what the store can hold, or ResultErrorCode.InvalidParameter. */
export class ResultNamePipe implements PipeTransform<string, string> {
  constructor(private readonly field: string) {}

  transform(value: string): string {
    if (value.length === 0 || value.length > MAX_RESULT_NAME_LENGTH) {
      throw invalid(`${this.field} must be 1 to ${MAX_RESULT_NAME_LENGTH} characters`);
    }
    if (!isStorableText(value)) throw invalid(`${this.field} must not contain U+0000 or unpaired surrogates`);
    return value;
  }
}

/** An optional execution_id in the query: absent stays absent. */
@Injectable()
export class OptionalExecutionIdPipe implements PipeTransform<string | undefined, string | undefined> {
  transform(value: string | undefined): string | undefined {
    return value === undefined ? undefined : new ExecutionIdPipe().transform(value);
  }
}
