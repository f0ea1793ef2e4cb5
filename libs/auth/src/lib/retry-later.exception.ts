import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * A request refused for now: 429 (this client or account must slow down) or 503 (the server is
 * busy). RetryAfterInterceptor turns `retryAfterSeconds` into the `Retry-After` header; the body
 * also carries it as `retry_after`.
 */
export class RetryLaterException extends HttpException {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterMicros: number, status: HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE) {
    const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMicros / 1_000_000));
    super({ message, retry_after: retryAfterSeconds }, status);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
