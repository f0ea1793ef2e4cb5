import type { SearchHit } from '../../api/types';
import type { ParamRef } from './results-state';
import { valueOf } from './use-result-params';

/** Orders the runs of a page by one parameter: numbers numerically, other values as text, missing ones last. */
export function sortHits(hits: SearchHit[], sort: ParamRef | undefined, descending: boolean): SearchHit[] {
  if (!sort) return hits;
  const direction = descending ? -1 : 1;
  return [...hits].sort((a, b) => {
    const x = valueOf(a, sort);
    const y = valueOf(b, sort);
    if (x === undefined || x === null) return y === undefined || y === null ? 0 : 1;
    if (y === undefined || y === null) return -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * direction;
    return String(x).localeCompare(String(y), undefined, { numeric: true }) * direction;
  });
}
