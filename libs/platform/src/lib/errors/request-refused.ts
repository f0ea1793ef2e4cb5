import { DomainError, RequestErrorCode } from '@simsvc/contracts';

/**
 * A request refused before routing (its body, its media type, its URL path), raised by the
 * middleware into the error filter. Its body is the contract's error shape without `details`:
 * these are not validation failures. `linger`: the client is still writing a body too large to
 * read and drop, so the answer closes the connection after a while (see unread-body.ts).
 */
export class RequestRefused extends DomainError<RequestErrorCode> {
  constructor(
    code: RequestErrorCode,
    message: string,
    readonly linger = false,
  ) {
    super(code, message);
  }

  lingering(): RequestRefused {
    return new RequestRefused(this.code, this.message, true);
  }
}
