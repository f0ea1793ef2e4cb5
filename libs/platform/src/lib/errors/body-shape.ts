import { MAX_BODY_NESTING } from '@simsvc/contracts';

/**
 * Why a parsed JSON body cannot be validated safely, or undefined when it can:
 * - nested more than MAX_BODY_NESTING levels: class-transformer and class-validator walk bodies
 *   recursively, so a 1 MiB body of `[[[[…]]]]` would overflow the stack there (a 500);
 * - a key `__proto__` anywhere: the validation pipe deletes such keys against prototype
 *   pollution, which would silently drop a field, a parameter or a filter of that name.
 * The walk is iterative, so the depth of what it is given cannot hurt it. `what` names the
 * document in the message (a request body, a manifest).
 */
export function bodyShapeProblem(body: unknown, what = 'request body'): string | undefined {
  const pending: [object, number][] = isContainer(body) ? [[body, 0]] : [];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const [node, depth] = item;
    if (depth >= MAX_BODY_NESTING) return `${what} is nested more than ${MAX_BODY_NESTING} levels deep`;
    if (!Array.isArray(node) && Object.hasOwn(node, '__proto__')) return `${what} must not use __proto__ as a key`;
    for (const child of Object.values(node)) if (isContainer(child)) pending.push([child, depth + 1]);
  }
  return undefined;
}

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;
