// PostgreSQL stores no U+0000 in text or jsonb (SQLite does), so a request holding one would be
// stored on one backend and fail with a 500 on the other. The validation pipe refuses it with 400
// in every query string and everywhere in a body, except in the fields marked @ChecksOwnNul():
// their own rules say where it may be (the results service keeps it in parameter values and
// metadata, which it stores as JSON text, and refuses it in names with a message of its own).
const markedFields = new WeakMap<object, Set<string>>();

/** The field's own validation decides where U+0000 may appear in its value. */
export function ChecksOwnNul(): PropertyDecorator {
  return (target, property) => {
    const fields = markedFields.get(target.constructor) ?? new Set<string>();
    fields.add(String(property));
    markedFields.set(target.constructor, fields);
  };
}

const NONE: ReadonlySet<string> = new Set();

/** The fields of `dto` (a DTO class) marked @ChecksOwnNul(). */
export function fieldsCheckingOwnNul(dto: unknown): ReadonlySet<string> {
  return (typeof dto === 'function' && markedFields.get(dto)) || NONE;
}
