import { ExecutionStatus } from '@simsvc/contracts';

/**
 * The execution state machine (contract §5): pending → running → one terminal state, and
 * pending may go straight to a terminal state. Terminal states are final. Re-sending the
 * current state is a no-op, decided separately (it is not a move).
 */
export const TERMINAL_STATUSES: readonly ExecutionStatus[] = ['completed', 'failed', 'cancelled', 'cached'];

const PREDECESSORS: Readonly<Record<ExecutionStatus, readonly ExecutionStatus[]>> = {
  pending: [],
  running: ['pending'],
  completed: ['pending', 'running'],
  failed: ['pending', 'running'],
  cancelled: ['pending', 'running'],
  cached: ['pending', 'running'],
};

export const isTerminal = (status: ExecutionStatus): boolean => TERMINAL_STATUSES.includes(status);

/** The states an execution may be in for a move to `target` to be allowed. */
export function allowedPredecessors(target: ExecutionStatus): readonly ExecutionStatus[] {
  return PREDECESSORS[target];
}

export function canMove(from: ExecutionStatus, to: ExecutionStatus): boolean {
  return PREDECESSORS[to].includes(from);
}

/** Why a move is refused, for the 409 message. */
export function refusalReason(from: ExecutionStatus, to: ExecutionStatus): string {
  if (isTerminal(from)) return `execution is ${from}, a final state; it cannot become ${to}`;
  return `execution cannot move from ${from} back to ${to}`;
}
