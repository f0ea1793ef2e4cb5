/** Identifier of executions and catalog names: `[A-Za-z0-9][A-Za-z0-9._-]{0,127}`. */
export const IDENTIFIER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
