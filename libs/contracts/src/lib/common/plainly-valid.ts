// class-validator walks a DTO's metadata and runs each rule through its executor on every
// request; for the cache's POST store that was 27 % of the request's CPU (its profile in
// docs/benchmarks/2026-11-28-request-path-8.md). A DTO on such a path may name a check of its
// own: a function that says yes only to bodies every rule of the DTO accepts as they are. The
// validation pipe then takes the body without class-validator; any other body (an invalid one,
// or one the check is unsure of) goes through class-validator, which decides and words the
// refusal. A check must never accept what the rules refuse: its spec compares the two.
const checks = new WeakMap<object, (body: Record<string, unknown>) => boolean>();

/** Class decorator: `check` accepts only bodies the DTO's rules accept, unchanged by its transformation. */
export function PlainlyValidWhen(check: (body: Record<string, unknown>) => boolean): ClassDecorator {
  return (dto) => {
    checks.set(dto, check);
  };
}

/** The check `dto` (a DTO class) named with @PlainlyValidWhen(), if any. */
export function plainValidityCheck(dto: unknown): ((body: Record<string, unknown>) => boolean) | undefined {
  return typeof dto === 'function' ? checks.get(dto) : undefined;
}
