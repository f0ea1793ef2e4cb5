import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import type { SearchHit } from '../../api/types';
import type { ResultFilter } from './results-state';
import { buildSearchBody, type RunScope } from './search-body';
import type { ResultParams } from './use-result-params';

/** Runs are fetched a page of 1000 at a time (by cursor) and drawn as they come, up to this many. */
export const PLOT_PAGE = 1000;
export const MAX_POINTS = 10_000;

export interface PlotRuns {
  hits: SearchHit[];
  total: number;
  loading: boolean;
  error: unknown;
  pending: boolean;
}

/** The filtered runs the plots draw (the newest MAX_POINTS), shared by the scatter plot and parallel coordinates. */
export function usePlotRuns(simulation: string, filters: ResultFilter[], scope: RunScope, params: ResultParams): PlotRuns {
  const runs = useInfiniteQuery({
    queryKey: ['plot', simulation, filters, scope, params.types],
    queryFn: ({ pageParam }) =>
      call('results', () =>
        api.results.POST('/search', {
          body: buildSearchBody(simulation, filters, params.types, { limit: PLOT_PAGE, cursor: pageParam ?? undefined }, scope),
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.count, 0);
      return last.next_cursor !== null && loaded < MAX_POINTS ? last.next_cursor : undefined;
    },
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = runs;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const hits = useMemo(() => (runs.data?.pages ?? []).flatMap((page) => page.results), [runs.data]);
  return {
    hits,
    total: runs.data?.pages[0]?.total ?? 0,
    loading: hasNextPage,
    error: runs.error,
    pending: runs.isPending,
  };
}
