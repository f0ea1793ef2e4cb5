/**
 * A rule of the domain that a request broke (a simulation that already exists, a run database
 * outside the runs root …). Repositories and services throw these, never HTTP exceptions; the one
 * error filter turns each into the contract's error body with its `status`, `message` and, when
 * present, `details` and further body fields (`extra`).
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  readonly details?: readonly string[];
  readonly extra?: Readonly<Record<string, unknown>>;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
