import { EXECUTION_STATUSES, ExecutionStatus } from '@simsvc/contracts';
import { allowedPredecessors, canMove, isTerminal, refusalReason, TERMINAL_STATUSES } from './execution-status';

describe('execution state machine', () => {
  const table: [ExecutionStatus, ExecutionStatus, boolean][] = EXECUTION_STATUSES.flatMap((from) =>
    EXECUTION_STATUSES.map((to) => [from, to, false] as [ExecutionStatus, ExecutionStatus, boolean]),
  );
  const allowed = new Set(['pending→running', ...TERMINAL_STATUSES.flatMap((status) => [`pending→${status}`, `running→${status}`])]);
  for (const row of table) row[2] = allowed.has(`${row[0]}→${row[1]}`);

  it.each(table)('%s → %s allowed: %s', (from, to, expected) => {
    expect(canMove(from, to)).toBe(expected);
    expect(allowedPredecessors(to).includes(from)).toBe(expected);
  });

  it('has four final states', () => {
    expect(EXECUTION_STATUSES.filter(isTerminal)).toEqual(['completed', 'failed', 'cancelled', 'cached']);
  });

  it('never lets anything move to pending (only a new execution starts there)', () => {
    expect(allowedPredecessors('pending')).toEqual([]);
  });

  it('explains a refusal', () => {
    expect(refusalReason('completed', 'failed')).toBe('execution is completed, a final state; it cannot become failed');
    expect(refusalReason('running', 'pending')).toBe('execution cannot move from running back to pending');
  });
});
