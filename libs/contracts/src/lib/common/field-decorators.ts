import { applyDecorators } from '@nestjs/common';

/**
 * One decorator made of `decorators` listed as they would stand above a field, applied as
 * TypeScript applies stacked decorators: the last first. The order matters to validation: the
 * validation pipe reports a field's constraints bottom-up, so that its type check comes first.
 */
export function FieldDecorators(...decorators: PropertyDecorator[]): PropertyDecorator {
  return applyDecorators(...[...decorators].reverse());
}
