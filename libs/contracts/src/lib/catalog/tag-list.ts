import { registerDecorator, ValidationOptions } from 'class-validator';
import { NO_CONTROL_CHARACTERS } from '../cache/cache-limits';
import { MAX_TAG_LENGTH, MAX_TAGS } from './catalog-limits';

export const TAG_LIST_RULE = `tags must be an array of at most ${MAX_TAGS} strings of 1 to ${MAX_TAG_LENGTH} characters without commas or control characters`;

/** Whether one tag is acceptable (after trimming surrounding white space). */
export function isValidTag(tag: unknown): boolean {
  if (typeof tag !== 'string') return false;
  const trimmed = tag.trim();
  return trimmed.length >= 1 && trimmed.length <= MAX_TAG_LENGTH && !trimmed.includes(',') && NO_CONTROL_CHARACTERS.test(trimmed);
}

/**
 * Tags as stored: trimmed, duplicates (compared case-insensitively, like the tag filter)
 * dropped, first spelling and order kept.
 */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const tag of tags) {
    const trimmed = tag.trim();
    const key = trimmed.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(trimmed);
  }
  return result;
}

/** class-validator decorator for a tag list (commas are reserved: the search filter splits on them). */
export function IsTagList(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isTagList',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: TAG_LIST_RULE, ...options },
      validator: { validate: (value: unknown) => Array.isArray(value) && value.length <= MAX_TAGS && value.every(isValidTag) },
    });
}
