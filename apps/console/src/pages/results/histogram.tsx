import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import { Chart } from '../../components/chart';
import { StatRow } from '../../components/stat';
import { Empty, QueryView } from '../../components/states';
import { formatValue } from '../../format';
import { histogramBars } from './histogram-bars';
import type { ParamRef } from './results-state';
import { aggregateBody, type SearchBody } from './search-body';

export const BINS = 12;

/**
 * Statistics and a histogram of one parameter over the runs the filters keep, from ONE
 * POST /aggregate: the bins span the filtered runs' range. A text parameter gets its values
 * counted instead (the aggregate's `values`).
 */
export function Histogram({ search, param, text, log }: { search: SearchBody; param: ParamRef; text: boolean; log: boolean }) {
  const body = aggregateBody(search, text ? [] : [param], text ? { values: param } : { histogram: { param, bins: BINS, log } });
  const aggregate = useQuery({
    queryKey: ['aggregate', body],
    queryFn: () => call('results', () => api.results.POST('/aggregate', { body })),
    placeholderData: keepPreviousData,
  });
  const bars = useMemo(() => (aggregate.data ? histogramBars(aggregate.data) : []), [aggregate.data]);
  const option = useMemo(
    () => ({
      animation: false,
      grid: { left: 48, right: 12, top: 12, bottom: 56 },
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'category',
        data: bars.map((b) => b.label),
        name: param.name,
        nameLocation: 'middle',
        nameGap: 40,
        axisLabel: { rotate: text ? 0 : 30, fontSize: 10 },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', data: bars.map((b) => b.count), itemStyle: { color: '#4a7ab0' }, barCategoryGap: '4%' }],
    }),
    [bars, param.name, text],
  );
  return (
    <div className="histogram">
      <QueryView query={aggregate} what="statistics">
        {(a) => {
          const figures = a.params[0];
          const counted = text ? (a.values?.values.reduce((sum, v) => sum + v.count, 0) ?? 0) : (figures?.count ?? 0);
          return (
            <>
              <p className="muted small over" aria-live="polite">
                over {counted} of {a.total} runs
                {counted < a.total ? ` (the others have no ${text ? 'text' : 'number'} for ${param.name})` : ''}
              </p>
              {figures && (
                <StatRow
                  stats={{
                    [`min ${param.name}`]: formatValue(figures.min),
                    median: formatValue(figures.p50),
                    avg: formatValue(figures.avg),
                    max: formatValue(figures.max),
                    'std dev': formatValue(figures.stddev),
                  }}
                />
              )}
              {a.values?.more && <p className="muted small">The {a.values.values.length} most frequent values are shown.</p>}
              {bars.length === 0 ? (
                <Empty>{text ? `${param.name} has no text values here.` : `${param.name} has no numeric values here.`}</Empty>
              ) : (
                <Chart option={option} label={`${text ? 'Counts of the values' : 'Histogram'} of ${param.name}`} height={220} />
              )}
            </>
          );
        }}
      </QueryView>
    </div>
  );
}
