import { ArgumentMetadata, BadRequestException, createParamDecorator, ExecutionContext, Injectable, PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import type { Request } from 'express';
import { IDENTIFIER_PATTERN, MAX_SIMULATION_ID, NAME_RULE } from '@simsvc/contracts';

/** A numeric path segment: an integer 1..2147483647 written in plain digits, else 400 naming what it identifies. */
export function parseId(value: string, what: string): number {
  const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!(id >= 1 && id <= MAX_SIMULATION_ID)) throw new BadRequestException(`${what} must be an integer from 1 to ${MAX_SIMULATION_ID}`);
  return id;
}

/** OpenAPI of the numeric path parameter that IdParam reads. */
export const ApiIdParam = (what: string, param = 'id') =>
  ApiParam({ name: param, description: what, schema: { type: 'integer', minimum: 1, maximum: MAX_SIMULATION_ID } });

/**
 * A numeric path parameter (`:id` unless named) as a number. A param decorator rather than a pipe on @Param: the
 * global validation pipe would first turn the text into a Number for a `number` parameter,
 * accepting `1e3` or `0x10`; custom decorators get the raw text.
 */
const readId = createParamDecorator(({ what, param }: { what: string; param: string }, context: ExecutionContext): number =>
  parseId(String(context.switchToHttp().getRequest<Request>().params[param] ?? ''), what),
);
export const IdParam = (what: string, param = 'id') => readId({ what, param });

/** `{name}` of /simulations/{name}: a well-formed name, else 400 (no such name can exist). */
@Injectable()
export class SimulationNamePipe implements PipeTransform<string, string> {
  transform(value: string, _metadata: ArgumentMetadata): string {
    if (!IDENTIFIER_PATTERN.test(value)) throw new BadRequestException(NAME_RULE);
    return value;
  }
}
