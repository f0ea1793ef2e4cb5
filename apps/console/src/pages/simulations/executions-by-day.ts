import type { Execution } from '../../api/types';

export const EXECUTION_STATUSES = ['completed', 'cached', 'failed', 'cancelled', 'running', 'pending'] as const;

/** Executions counted per UTC day (of created_at) and status, days in order. */
export function executionsByDay(executions: Pick<Execution, 'created_at' | 'status'>[]): {
  days: string[];
  counts: Record<(typeof EXECUTION_STATUSES)[number], number[]>;
} {
  const days = [...new Set(executions.map((e) => e.created_at.slice(0, 10)))].sort();
  const index = new Map(days.map((day, i) => [day, i]));
  const counts = Object.fromEntries(EXECUTION_STATUSES.map((s) => [s, days.map(() => 0)])) as Record<
    (typeof EXECUTION_STATUSES)[number],
    number[]
  >;
  for (const execution of executions) {
    const row = counts[execution.status];
    const day = index.get(execution.created_at.slice(0, 10));
    if (row && day !== undefined) row[day] += 1;
  }
  return { days, counts };
}
