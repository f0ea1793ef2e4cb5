import { ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { FieldDecorators } from '../common/field-decorators';

/** An optional, nullable text field of a simulation (`description`, `author`) of at most `maxLength` characters. */
export function OptionalSimulationText(name: string, maxLength: number, api: ApiPropertyOptions = {}): PropertyDecorator {
  const rule = { message: `${name} must be a string of at most ${maxLength} characters` };
  return FieldDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength, ...api }),
    IsOptional(),
    IsString(rule),
    MaxLength(maxLength, rule),
  );
}
