import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { fieldsCheckingOwnNul, plainValidityCheck } from '@simsvc/contracts';
import type { ValidatorOptions } from 'class-validator';
import { bodyShapeProblem } from './body-shape';
import { restoreDataKeys, type SetAsideKeys, setAsideDataKeys } from './data-keys';
import { RequestRefused } from './request-refused';

/**
 * Flattens nested class-validator errors into one line per failed constraint, each line once (a
 * value failing several rules that share a message, as `null` for a bounded integer does, is
 * reported once). A constraint may carry several lines (a schema map reports each problem).
 */
export function validationMessages(errors: ValidationError[]): string[] {
  return [...new Set(constraintLines(errors, ''))];
}

function constraintLines(errors: ValidationError[], parent: string): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    // class-validator reports constraints bottom-up; declaration order puts the type check first.
    const own = Object.values(error.constraints ?? {})
      .reverse()
      .flatMap((text) => text.split('\n'))
      .map((text) => (parent ? text.replace(error.property, path) : text));
    return [...own, ...constraintLines(error.children ?? [], path)];
  });
}

/**
 * The global validation pipe: whitelisting with unknown fields rejected, payload transformed to
 * DTO classes, and each refusal a RequestRefused (code RequestErrorCode.Invalid: `message` the
 * first line, `details` all).
 * Bodies too deep to validate, with a `__proto__` key or with U+0000, are refused first (see
 * bodyShapeProblem; U+0000 except in fields marked @ChecksOwnNul()); so are query strings with
 * U+0000. A body that its DTO's @PlainlyValidWhen() check accepts is then taken as it is, without
 * class-validator. Keys `constructor` and `prototype` stay data in maps of names and are refused
 * as DTO fields (see data-keys.ts).
 * Pipes run after guards, so 401 and 403 still come before any 400.
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
      exceptionFactory: (errors) => RequestRefused.invalid(validationMessages(errors)),
    });
  }

  /** Query DTOs whose empty form (no parameters at all) is known to be valid. */
  private readonly validWhenEmpty = new WeakSet<object>();

  /** The value being transformed and its keys set aside, from stripProtoKeys to validate (no await between them). */
  private settingAside?: { untransformed: unknown; keys: SetAsideKeys };

  // Nest deletes `constructor` and `prototype` keys here before class-transformer runs;
  // `__proto__` is refused before. The other two are set aside instead, so that validate can
  // put them back where they are data (see data-keys.ts).
  protected override stripProtoKeys(value: unknown): void {
    this.settingAside = { untransformed: value, keys: setAsideDataKeys(value) };
  }

  protected override validate(object: object, validatorOptions?: ValidatorOptions) {
    const settingAside = this.settingAside;
    this.settingAside = undefined;
    if (settingAside) {
      const problem = restoreDataKeys(settingAside.untransformed, object, settingAside.keys);
      if (problem) throw badRequest(problem);
    }
    return super.validate(object, validatorOptions);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const { metatype } = metadata;
    if (metadata.type === 'body') {
      if (metatype && this.toValidate(metadata) && (typeof value !== 'object' || value === null || Array.isArray(value))) {
        throw badRequest('request body must be a JSON object');
      }
      const problem = bodyShapeProblem(value, 'request body', fieldsCheckingOwnNul(metatype));
      if (problem) throw badRequest(problem);
      // A body the DTO's own check accepts is one class-validator accepts unchanged (plainly-valid.ts).
      if (plainValidityCheck(metatype)?.(value as Record<string, unknown>)) {
        return Object.assign(new (metatype as new () => object)(), value);
      }
    }
    // class-transformer drops a `__proto__` key before whitelisting could refuse it as unknown.
    if (metadata.type === 'query' && typeof value === 'object' && value !== null && Object.hasOwn(value, '__proto__')) {
      throw badRequest('property __proto__ should not exist');
    }
    if (metadata.type === 'query') {
      const problem = bodyShapeProblem(value, 'query string');
      if (problem) throw badRequest(problem);
    }
    // Hot path: most GETs carry no query; validating the same empty object again is pure cost.
    if (metadata.type === 'query' && metatype && isEmptyObject(value) && this.validWhenEmpty.has(metatype)) {
      return new (metatype as new () => object)();
    }
    const result = await super.transform(value, metadata);
    if (metadata.type === 'query' && metatype && isEmptyObject(value)) this.validWhenEmpty.add(metatype);
    return result;
  }
}

const badRequest = (message: string) => RequestRefused.invalid([message]);

const isEmptyObject = (value: unknown): boolean => typeof value === 'object' && value !== null && Object.keys(value).length === 0;
