import type { ResultsSchema } from '@simsvc/client';
import { formatValue } from '../../format';

type Aggregate = ResultsSchema<'AggregateResultsResponse'>;

export interface Bar {
  label: string;
  count: number;
}

/** The bars of an aggregate: its histogram's bins labelled by their lower edge, or its text values' counts. */
export function histogramBars(aggregate: Aggregate): Bar[] {
  if (aggregate.values) return aggregate.values.values.map((v) => ({ label: v.value, count: v.count }));
  const histogram = aggregate.histogram;
  if (!histogram || histogram.edges.length === 0) return [];
  return histogram.counts.map((count, i) => ({ label: formatValue(Number(histogram.edges[i].toPrecision(3))), count }));
}
