import { registerDecorator, ValidationOptions } from 'class-validator';

const present = (value: unknown) => value !== undefined && value !== null;

/** Fails when both this property and `other` are given (null counts as absent). */
export function ExclusiveWith(other: string, options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'exclusiveWith',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: `give ${other} or $property, not both`, ...options },
      validator: {
        validate: (value: unknown, args) => !(present(value) && present((args?.object as Record<string, unknown>)[other])),
      },
    });
}
