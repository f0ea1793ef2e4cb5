import { MAX_VALUE_NESTING } from '../results/results-limits';

/**
 * How deeply arrays and objects may nest in any request body, of every service. The deepest valid
 * bodies are the results service's: a value may itself nest MAX_VALUE_NESTING (64) levels, and sits
 * inside the body, a field (`input_params`, `input_filters`), a filter's operator object and a
 * `$in` array; the rest is room to spare. Deeper bodies are refused before validation, which
 * walks them recursively and would overflow the stack (a 500) on a 1 MiB body of `[[[[…]]]]`.
 */
export const MAX_BODY_NESTING = MAX_VALUE_NESTING + 8;
