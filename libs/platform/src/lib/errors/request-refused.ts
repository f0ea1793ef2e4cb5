import { DomainError, RequestErrorCode } from '@simsvc/contracts';

/**
 * A request refused for its own shape (codes in RequestErrorCode): by the middleware before
 * routing (its body, its media type, its URL path), or by the validation pipe (a body or query
 * its DTO refuses). Refusals before routing carry no `details`: they are not validation
 * failures; the pipe's list every failed rule. `linger`: the client is still writing a body too
 * large to read and drop, so the answer closes the connection after a while (see unread-body.ts).
 */
export class RequestRefused extends DomainError<RequestErrorCode> {
  constructor(code: RequestErrorCode, message: string, options: { readonly details?: readonly string[]; readonly linger?: boolean } = {}) {
    super(code, message, options.details ? { details: options.details } : {});
    this.linger = options.linger ?? false;
  }

  readonly linger: boolean;

  lingering(): RequestRefused {
    return new RequestRefused(this.code, this.message, { linger: true });
  }

  /** The validation pipe's refusal: `message` the first failed rule, `details` every one. */
  static invalid(details: readonly string[]): RequestRefused {
    return new RequestRefused(RequestErrorCode.Invalid, details[0] ?? 'invalid request', { details });
  }
}
