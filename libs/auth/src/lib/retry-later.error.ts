import { HttpStatus } from '@nestjs/common';
import { DomainError } from '@simsvc/contracts';

/**
 * A request refused for now: 429 (this client or account must slow down) or 503 (the server is
 * busy). RetryAfterInterceptor turns `retryAfterSeconds` into the `Retry-After` header; the body
 * is the contract's error shape, nothing more.
 */
export class RetryLater extends DomainError {
  readonly status: HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE;
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterMicros: number, status: HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE) {
    super(message);
    this.status = status;
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMicros / 1_000_000));
  }
}
