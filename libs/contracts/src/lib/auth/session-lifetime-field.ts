import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNumber, IsOptional, IsPositive, Max } from 'class-validator';
import { FieldDecorators } from '../common/field-decorators';
import { MAX_SESSION_LIFETIME_HOURS } from './lifetime-hours';

/** `lifetime_hours` of a body that opens a session: optional, greater than 0, at most 720. */
export function SessionLifetimeField(): PropertyDecorator {
  return FieldDecorators(
    ApiPropertyOptional({
      description: 'Session lifetime in hours, greater than 0, at most 720',
      default: 24,
      minimum: 0,
      exclusiveMinimum: true,
      maximum: MAX_SESSION_LIFETIME_HOURS,
    }),
    IsOptional(),
    IsNumber({ allowNaN: false, allowInfinity: false }),
    IsPositive(),
    Max(MAX_SESSION_LIFETIME_HOURS),
  );
}
