import { BadRequestException, Injectable, PipeTransform } from '@nestjs/common';
import { EXECUTION_ID_RULE, IDENTIFIER_PATTERN } from '@simsvc/contracts';

/** `{execution_id}` of /executions/{execution_id}: well-formed, else 400. */
@Injectable()
export class ExecutionIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!IDENTIFIER_PATTERN.test(value)) throw new BadRequestException(EXECUTION_ID_RULE);
    return value;
  }
}
