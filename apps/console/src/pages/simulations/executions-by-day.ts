import type { Execution } from '../../api/types';

export const EXECUTION_STATUSES = ['completed', 'cached', 'failed', 'cancelled', 'running', 'pending'] as const;

type Dated = Pick<Execution, 'created_at' | 'started_at' | 'status'>;

/** The UTC day an execution ran (started; recorded when it never started). */
function dayOf(execution: Dated): string {
  return (execution.started_at ?? execution.created_at).slice(0, 10);
}

/** Executions counted per UTC day and status, days in order. */
export function executionsByDay(executions: Dated[]): {
  days: string[];
  counts: Record<(typeof EXECUTION_STATUSES)[number], number[]>;
} {
  const days = [...new Set(executions.map(dayOf))].sort();
  const index = new Map(days.map((day, i) => [day, i]));
  const counts = Object.fromEntries(EXECUTION_STATUSES.map((s) => [s, days.map(() => 0)])) as Record<
    (typeof EXECUTION_STATUSES)[number],
    number[]
  >;
  for (const execution of executions) {
    const row = counts[execution.status];
    const day = index.get(dayOf(execution));
    if (row && day !== undefined) row[day] += 1;
  }
  return { days, counts };
}
