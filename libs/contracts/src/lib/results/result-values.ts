import { MAX_VALUE_NESTING } from './results-limits';

/** A JSON value as the results service stores and returns it. */
export type ResultJsonValue = string | number | boolean | null | ResultJsonValue[] | { [key: string]: ResultJsonValue };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text that both backends store unchanged: PostgreSQL `text` cannot hold U+0000, and a lone
 * UTF-16 surrogate has no UTF-8 encoding.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

export function isPlainJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Depth of nested arrays/objects (a scalar is 0), counted without recursion; stops early past stopAbove. */
export function nestingDepth(value: unknown, stopAbove = MAX_VALUE_NESTING + 2): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const [current, depth] = item;
    if (typeof current !== 'object' || current === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > stopAbove) return deepest;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return deepest;
}
