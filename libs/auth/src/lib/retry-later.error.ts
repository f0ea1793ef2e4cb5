import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * A request refused for now: 429 (this client or account must slow down) or 503 (the server is
 * busy). RetryAfterInterceptor turns `retryAfterSeconds` into the `Retry-After` header; the body
 * is the contract's error shape, nothing more.
 */
export class RetryLaterException extends HttpException {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterMicros: number, status: HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE) {
    const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMicros / 1_000_000));
    super(message, status);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
