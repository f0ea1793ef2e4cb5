// PostgreSQL stores no U+0000 in text or jsonb (SQLite does), so a request holding one would be
// stored on one backend and fail with a 500 on the other. The validation pipe refuses it with
// 400 in every query string and in every body, except bodies of the DTOs registered here: their
// own rules say field by field where it may be (the results service keeps it in parameter
// values and metadata, which it stores as JSON text, and refuses it in names).
type DtoClass = abstract new (...args: never[]) => object;

const checkedByDto = new WeakSet<DtoClass>();

/** Registers DTOs whose own validation decides where U+0000 may appear. */
export function nulCheckedByDto(...dtos: DtoClass[]): void {
  for (const dto of dtos) checkedByDto.add(dto);
}

export function isNulCheckedByDto(dto: unknown): boolean {
  return typeof dto === 'function' && checkedByDto.has(dto as DtoClass);
}
