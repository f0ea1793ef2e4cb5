import { Transform } from 'class-transformer';

const DECIMAL_INTEGER = /^-?\d+$/;

/**
 * A query parameter read as an integer only when written as one in decimal: Number() alone would
 * also take `0x10`, `1e3`, `1.0` and an empty string (as 0). Anything else is left as it came, for
 * the field's IsInt rule to refuse.
 */
export const DecimalInteger = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && DECIMAL_INTEGER.test(value) ? Number(value) : value), {
    toClassOnly: true,
  });
