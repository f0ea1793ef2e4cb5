import { Injectable, PipeTransform } from '@nestjs/common';
import { EXECUTION_ID_RULE, IDENTIFIER_PATTERN } from '@simsvc/contracts';
import { ExecutionError, ExecutionErrorCode } from './execution.errors';

/** `{execution_id}` of /executions/{execution_id}: well-formed, else ExecutionErrorCode.InvalidId. */
@Injectable()
export class ExecutionIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!IDENTIFIER_PATTERN.test(value)) throw new ExecutionError(ExecutionErrorCode.InvalidId, EXECUTION_ID_RULE);
    return value;
  }
}
