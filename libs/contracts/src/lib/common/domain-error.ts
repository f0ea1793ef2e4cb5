/** What a DomainError may carry beyond its code and message. */
export interface DomainErrorOptions {
  /** Every reason when there are several; the message is the first. */
  readonly details?: readonly string[];
  /** Further fields of the error body (`cache_key` of a cache miss). */
  readonly extra?: Readonly<Record<string, unknown>>;
  /** Sent as the `Retry-After` header. */
  readonly retryAfterSeconds?: number;
  readonly cause?: unknown;
}

/**
 * A rule of the domain that a request broke (a simulation that already exists, a run database
 * outside the runs root …). Each module declares its codes as a string enum and throws one
 * subclass of this, never an HTTP exception; the one error filter looks the code up in the one
 * code → status table (libs/platform, error-status.ts) and writes the contract's error body with
 * the `message` and, when present, `details`, further body fields (`extra`) and `Retry-After`.
 */
export abstract class DomainError<Code extends string = string> extends Error {
  readonly details?: readonly string[];
  readonly extra?: Readonly<Record<string, unknown>>;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: Code,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    // An answer, not a fault: no stack is captured, as none is ever logged or sent. Capturing it
    // was ~45 µs of a 240 µs cache miss (docs/benchmarks/2026-11-28-request-path-6.md).
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    Error.stackTraceLimit = stackTraceLimit;
    this.name = new.target.name;
    if (options.details) this.details = options.details;
    if (options.extra) this.extra = options.extra;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Whole seconds (at least 1) for `Retry-After` from a wait in microseconds. */
export const retryAfterSeconds = (waitMicros: number): number => Math.max(1, Math.ceil(waitMicros / 1_000_000));

/** Whether `error` is a DomainError carrying `code`. */
export const isDomainError = <Code extends string>(error: unknown, code: Code): error is DomainError<Code> =>
  error instanceof DomainError && error.code === code;
