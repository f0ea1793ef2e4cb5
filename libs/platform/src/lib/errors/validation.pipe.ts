import { ArgumentMetadata, BadRequestException, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';

/** Flattens nested class-validator errors into one line per failed constraint. */
export function validationMessages(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    // class-validator reports constraints bottom-up; declaration order puts the type check first.
    const own = Object.values(error.constraints ?? {}).reverse().map((text) => (parent ? text.replace(error.property, path) : text));
    return [...own, ...validationMessages(error.children ?? [], path)];
  });
}

/**
 * The global validation pipe: whitelisting with unknown fields rejected, payload transformed to
 * DTO classes, and errors in the contract's shape (`message` = first line, `details` = all).
 */
@Injectable()
export class ContractValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => {
        const details = validationMessages(errors);
        return new BadRequestException({ message: details[0] ?? 'invalid request', details });
      },
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && metadata.metatype && this.toValidate(metadata)) {
      if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw new BadRequestException({ message: 'request body must be a JSON object', details: ['request body must be a JSON object'] });
      }
    }
    return super.transform(value, metadata);
  }
}
