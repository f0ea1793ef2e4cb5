import { buildMessage, isEmail, ValidateBy, ValidationOptions } from 'class-validator';

const UNPAIRED_SURROGATE = /\p{Cs}/u;

/**
 * class-validator's IsEmail, on well-formed text only: validator.js's isEmail passes the text to
 * encodeURI, which throws on an unpaired surrogate (`"\ud800"` in JSON), and a throwing
 * validator is a 500. Such a string is no email address: 400 like any other.
 */
export function IsEmailAddress(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isEmail',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && !UNPAIRED_SURROGATE.test(value) && isEmail(value),
        defaultMessage: buildMessage((each) => `${each}$property must be an email`, options),
      },
    },
    options,
  );
}
