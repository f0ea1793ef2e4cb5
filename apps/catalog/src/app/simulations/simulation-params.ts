import { ArgumentMetadata, createParamDecorator, ExecutionContext, Injectable, PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import type { Request } from 'express';
import { DomainError, IDENTIFIER_PATTERN, MAX_SIMULATION_ID, NAME_RULE } from '@simsvc/contracts';
import { SimulationError, SimulationErrorCode } from './simulation.errors';

/** How a module refuses an id of its own (its DomainError with its code); simulation ids by default. */
export type InvalidId = (message: string) => DomainError;

const invalidSimulationId: InvalidId = (message) => new SimulationError(SimulationErrorCode.InvalidId, message);

/** A numeric path segment: an integer 1..2147483647 written in plain digits, else `invalid` naming what it identifies. */
export function parseId(value: string, what: string, invalid: InvalidId = invalidSimulationId): number {
  const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!(id >= 1 && id <= MAX_SIMULATION_ID)) throw invalid(`${what} must be an integer from 1 to ${MAX_SIMULATION_ID}`);
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
const readId = createParamDecorator(
  ({ what, param, invalid }: { what: string; param: string; invalid?: InvalidId }, context: ExecutionContext): number =>
    parseId(String(context.switchToHttp().getRequest<Request>().params[param] ?? ''), what, invalid),
);
export const IdParam = (what: string, param = 'id', invalid?: InvalidId) => readId({ what, param, invalid });

/** `{name}` of /simulations/{name}: a well-formed name, else SimulationErrorCode.InvalidName (no such name can exist). */
@Injectable()
export class SimulationNamePipe implements PipeTransform<string, string> {
  transform(value: string, _metadata: ArgumentMetadata): string {
    if (!IDENTIFIER_PATTERN.test(value)) throw new SimulationError(SimulationErrorCode.InvalidName, NAME_RULE);
    return value;
  }
}
