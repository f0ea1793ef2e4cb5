import { MAX_BODY_NESTING } from '@simsvc/contracts';

const NO_FIELDS: ReadonlySet<string> = new Set();

/**
 * Why a parsed JSON body cannot be validated or stored safely, or undefined when it can:
 * - nested more than MAX_BODY_NESTING levels: class-transformer and class-validator walk bodies
 *   recursively, so a 1 MiB body of `[[[[…]]]]` would overflow the stack there (a 500);
 * - a key `__proto__` anywhere: against prototype pollution such keys are never kept, and
 *   dropping one silently would lose a field, a parameter or a filter of that name;
 * - U+0000 in any key or string, except below the top-level fields `ownNulRule` names (fields
 *   marked @ChecksOwnNul(), whose own rules decide): PostgreSQL stores none in text or jsonb, so
 *   such a body would be stored on SQLite and fail with a 500 on PostgreSQL.
 * The walk is iterative, so the depth of what it is given cannot hurt it. `what` names the
 * document in the message (a request body, a manifest).
 */
export function bodyShapeProblem(body: unknown, what = 'request body', ownNulRule: ReadonlySet<string> = NO_FIELDS): string | undefined {
  if (typeof body === 'string') return body.includes(NUL) ? nulProblem(what) : undefined;
  // [node, depth, whether U+0000 is refused below it]
  const pending: [object, number, boolean][] = isContainer(body) ? [[body, 0, true]] : [];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const [node, depth, refusingNul] = item;
    if (depth >= MAX_BODY_NESTING) return `${what} is nested more than ${MAX_BODY_NESTING} levels deep`;
    if (!Array.isArray(node) && Object.hasOwn(node, '__proto__')) return `${what} must not use __proto__ as a key`;
    for (const [key, child] of Object.entries(node)) {
      const refuseNul = refusingNul && !(depth === 0 && ownNulRule.has(key));
      if (refuseNul && (key.includes(NUL) || (typeof child === 'string' && child.includes(NUL)))) return nulProblem(what);
      if (isContainer(child)) pending.push([child, depth + 1, refuseNul]);
    }
  }
  return undefined;
}

const NUL = '\0';

const nulProblem = (what: string): string => `${what} must not contain U+0000`;

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;
