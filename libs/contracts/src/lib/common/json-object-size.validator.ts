import { registerDecorator, ValidationOptions } from 'class-validator';

/** A plain JSON object (not an array) whose serialized UTF-8 size is at most `maxBytes`. */
export function IsJsonObjectOfAtMost(maxBytes: number, options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isJsonObjectOfAtMost',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: `$property must be a JSON object of at most ${maxBytes} bytes`, ...options },
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Buffer.byteLength(JSON.stringify(value), 'utf8') <= maxBytes,
      },
    });
}
