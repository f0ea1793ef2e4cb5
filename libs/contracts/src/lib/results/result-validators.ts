import { Transform } from 'class-transformer';
import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { isPlainJsonObject, isStorableText, nestingDepth } from './result-values';
import { MAX_RESULT_NAME_LENGTH, MAX_RESULT_PARAMETERS, MAX_VALUE_NESTING } from './results-limits';
import { aggregateParamsProblem, histogramProblem, orderByProblem, valuesRequestProblem } from './sweep-shapes';

type Check = (value: unknown, property: string) => string | undefined;

function checked(name: string, check: Check, options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => check(value, args?.property ?? String(propertyName)) === undefined,
        defaultMessage: (args?: ValidationArguments) => check(args?.value, args?.property ?? String(propertyName)) ?? 'invalid',
      },
    });
}

/** A string of 1..maxLength characters that both backends store unchanged (no U+0000). */
export function IsStorableString(maxLength: number, options?: ValidationOptions): PropertyDecorator {
  return checked(
    'isStorableString',
    (value, property) => {
      const rule = `${property} must be a string of 1 to ${maxLength} characters`;
      if (typeof value !== 'string' || value.length === 0 || value.length > maxLength) return rule;
      if (!isStorableText(value)) return `${property} must not contain U+0000 or unpaired surrogates`;
      return undefined;
    },
    options,
  );
}

/** `{NAME: value}`: at most 10,000 parameters, names of at most 256 characters, values nested at most 64 levels. */
export function IsParameterValues(options?: ValidationOptions): PropertyDecorator {
  return checked(
    'isParameterValues',
    (value, property) => {
      if (!isPlainJsonObject(value)) return `${property} must be a JSON object of parameter values`;
      const names = Object.keys(value);
      if (names.length > MAX_RESULT_PARAMETERS) return `${property} must have at most ${MAX_RESULT_PARAMETERS} parameters`;
      for (const name of names) {
        if (name.length > MAX_RESULT_NAME_LENGTH) return `${property} parameter names must be at most ${MAX_RESULT_NAME_LENGTH} characters`;
        if (!isStorableText(name)) return `${property} parameter names must not contain U+0000 or unpaired surrogates`;
      }
      if (nestingDepth(value) > MAX_VALUE_NESTING + 1)
        return `${property} values must not be nested more than ${MAX_VALUE_NESTING} levels deep`;
      return undefined;
    },
    options,
  );
}

/** A JSON object (not an array) nested at most 64 levels and of at most maxBytes serialized. */
export function IsBoundedJsonObject(maxBytes: number, options?: ValidationOptions): PropertyDecorator {
  return checked(
    'isBoundedJsonObject',
    (value, property) => {
      const rule = `${property} must be a JSON object of at most ${maxBytes} bytes`;
      if (!isPlainJsonObject(value)) return rule;
      // Checked first: JSON.stringify of a deeply nested value overflows the stack.
      if (nestingDepth(value) > MAX_VALUE_NESTING) return `${property} must not be nested more than ${MAX_VALUE_NESTING} levels deep`;
      return Buffer.byteLength(JSON.stringify(value), 'utf8') > maxBytes ? rule : undefined;
    },
    options,
  );
}

/** An optional filter map: a JSON object; the conditions themselves are checked by the service. */
export function IsFilterMap(options?: ValidationOptions): PropertyDecorator {
  return checked(
    'isFilterMap',
    (value, property) => {
      if (!isPlainJsonObject(value)) return `${property} must be a JSON object of parameter conditions`;
      if (nestingDepth(value) > MAX_VALUE_NESTING + 2) return `${property} must not be nested more than ${MAX_VALUE_NESTING} levels deep`;
      return undefined;
    },
    options,
  );
}

/** `order_by` of POST /search: at most 3 keys `{class, name, direction}` or `{field, direction}`. */
export function IsOrderBy(options?: ValidationOptions): PropertyDecorator {
  return checked('isOrderBy', orderByProblem, options);
}

/** `params` of POST /aggregate: at most 16 `{class, name}`. */
export function IsAggregateParams(options?: ValidationOptions): PropertyDecorator {
  return checked('isAggregateParams', aggregateParamsProblem, options);
}

/** `histogram` of POST /aggregate: `{class, name, bins ≤ 200, scale?}`. */
export function IsHistogram(options?: ValidationOptions): PropertyDecorator {
  return checked('isHistogram', histogramProblem, options);
}

/** `values` of POST /aggregate: `{class, name}`. */
export function IsValuesRequest(options?: ValidationOptions): PropertyDecorator {
  return checked('isValuesRequest', valuesRequestProblem, options);
}

/** An integer from min to max, reported as one line whatever is wrong with it. */
export function IsIntegerInRange(min: number, max: number, message: string, options?: ValidationOptions): PropertyDecorator {
  return checked(
    'isIntegerInRange',
    (value) => (Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? undefined : message),
    options,
  );
}

/**
 * Keeps a free-form JSON field exactly as parsed instead of class-transformer's key-by-key copy
 * (which turns nothing into a class here, and would assign a `__proto__` key as a prototype).
 */
export function KeepRawJson(): PropertyDecorator {
  return Transform(({ obj, key }) => (obj as Record<string, unknown>)[key], { toClassOnly: true });
}

/**
 * An empty string read as absent (`null`): sim2l's ResultsClient sends `run_db_path: ""` by
 * default, and an empty path names no file.
 */
export function EmptyAsAbsent(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (value === '' ? null : value), { toClassOnly: true });
}
