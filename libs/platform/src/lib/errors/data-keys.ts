// Keys named `constructor` and `prototype` in bodies. Where a map of names is expected
// (filters, parameters, metadata, schemas) such a key is data: a parameter may be called
// `constructor`. As a field of a DTO it can only be a mistake, and is refused like any unknown
// field. Nest deletes both keys from every value against prototype pollution, and
// class-transformer cannot copy an object whose own `constructor` is not a class; so they are
// set aside before the transformation and put back afterwards, as own data properties (defined,
// never assigned: nothing reaches a prototype). `__proto__` is refused before (body-shape.ts).

/** The keys set aside, per object of the untransformed value that held them. */
export type SetAsideKeys = Map<object, [string, unknown][]>;

const DATA_KEYS = ['constructor', 'prototype'] as const;

/** Removes the keys from value (in place, at any depth) and returns what was removed. */
export function setAsideDataKeys(value: unknown): SetAsideKeys {
  const setAside: SetAsideKeys = new Map();
  const pending: unknown[] = [value];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (!isObject(node)) continue;
    const removed: [string, unknown][] = [];
    for (const key of DATA_KEYS) {
      if (!Object.hasOwn(node, key)) continue;
      removed.push([key, (node as Record<string, unknown>)[key]]);
      delete (node as Record<string, unknown>)[key];
    }
    if (removed.length > 0) setAside.set(node, removed);
    for (const child of Object.values(node)) pending.push(child);
  }
  return setAside;
}

/**
 * Puts the keys set aside back into what class-transformer built from untransformed, where that
 * is a plain object (a map); returns why the value is refused when one belongs to a DTO.
 */
export function restoreDataKeys(untransformed: unknown, transformed: unknown, setAside: SetAsideKeys): string | undefined {
  if (setAside.size === 0) return undefined;
  const pending: [unknown, unknown][] = [[untransformed, transformed]];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const [source, target] = item;
    if (!isObject(source) || !isObject(target)) continue;
    for (const [key, value] of setAside.get(source) ?? []) {
      if (!isPlainObject(target)) return `property ${key} should not exist`;
      Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    }
    for (const [key, value] of Object.entries(source)) {
      if (Object.hasOwn(target, key)) pending.push([value, (target as Record<string, unknown>)[key]]);
    }
  }
  return undefined;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** A map as JSON gives it, as opposed to an instance of a DTO class. */
function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
