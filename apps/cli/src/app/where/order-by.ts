// `--order-by` keys → the `order_by` of POST /search: `out.NAME desc`, `in.NAME`, `created_at asc`,
// or another field of the run (ascending when no direction is given), at most three, the first one first.
import type { ResultsComponents } from '@simsvc/client';
import { UsageError } from '../usage-error';

type OrderKey = NonNullable<ResultsComponents['schemas']['SearchResultsDto']['order_by']>[number];

const MAX_KEYS = 3;
type Field = Extract<OrderKey, { field: string }>['field'];
/** The run's own fields the service sorts by. */
const FIELDS: readonly Field[] = ['created_at', 'execution_id', 'simulation_version', 'status', 'completed_at', 'duration_seconds'];
const isField = (key: string): key is Field => (FIELDS as readonly string[]).includes(key);
const CLASSES: Record<string, 'input' | 'output'> = { in: 'input', out: 'output' };

export function parseOrderBy(texts: string[]): OrderKey[] {
  if (texts.length > MAX_KEYS) throw new UsageError(`--order-by: at most ${MAX_KEYS} keys, not ${texts.length}`);
  return texts.map(parseOrderKey);
}

function parseOrderKey(text: string): OrderKey {
  const [key, direction = 'asc', ...rest] = text.trim().split(/\s+/);
  if (rest.length > 0 || (direction !== 'asc' && direction !== 'desc'))
    throw new UsageError(`--order-by: '${text}' is not KEY [asc|desc] (e.g. 'out.energy desc')`);
  if (isField(key)) return { field: key, direction };
  const dot = key.indexOf('.');
  const paramClass = CLASSES[key.slice(0, dot)];
  const name = key.slice(dot + 1);
  if (dot < 0 || !paramClass || name === '')
    throw new UsageError(`--order-by: '${key}' is not in.NAME, out.NAME or one of ${FIELDS.join(', ')}`);
  return { class: paramClass, name, direction };
}
