// The parts of a POST /search or POST /aggregate body the SQL builders take, checked: the runs
// (scope, version, status, filters) and the sort keys. Every malformed filter is reported at once.
import { OrderKey, ResultFiltersDto } from '@simsvc/contracts';
import { parseFilters } from './result-filters';
import { ResultError, ResultErrorCode } from './results.errors';
import { SearchCriteria } from './search-query';
import { SortKey } from './search-order';

/** `$in` values in one search, all filters together: keeps every search within SQL's parameter limits. */
export const MAX_IN_VALUES_PER_SEARCH = 10_000;

export type RunSelection = Omit<SearchCriteria, 'limit' | 'offset' | 'beforeId'>;

export function runSelectionOf(request: ResultFiltersDto): RunSelection {
  const inputs = parseFilters(request.input_filters, 'input');
  const outputs = parseFilters(request.output_filters, 'output');
  const filters = [...inputs.filters, ...outputs.filters];
  const errors = [...inputs.errors, ...outputs.errors];
  const inValues = filters
    .flatMap((filter) => filter.conditions)
    .reduce((sum, condition) => sum + (condition.kind === 'in' ? condition.values.length : 0), 0);
  if (inValues > MAX_IN_VALUES_PER_SEARCH) errors.push(`a search may have at most ${MAX_IN_VALUES_PER_SEARCH} $in values in all`);
  // Each line once (contract §1), as the validation pipe gives them.
  const details = [...new Set(errors)];
  if (details.length > 0) throw new ResultError(ResultErrorCode.InvalidSearch, details[0], { details });
  return {
    simulationName: request.simulation_name ?? undefined,
    simulationVersion: request.simulation_version ?? undefined,
    status: request.status ?? undefined,
    filters,
  };
}

/** order_by as sort keys (already checked by the DTO); absent or empty: newest first. */
export function sortKeysOf(orderBy: OrderKey[] | null | undefined): SortKey[] {
  return (orderBy ?? []).map((key) =>
    'field' in key
      ? { kind: 'field', field: key.field, direction: key.direction }
      : { kind: 'parameter', paramClass: key.class, name: key.name, direction: key.direction },
  );
}
