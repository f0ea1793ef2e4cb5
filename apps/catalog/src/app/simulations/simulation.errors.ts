import { DomainError, SimulationErrorCode } from '@simsvc/contracts';

export { SimulationErrorCode };

export class SimulationError extends DomainError<SimulationErrorCode> {}

/** No simulation by that id, name or name and version (`what`). */
export const simulationNotFound = (what: string | number): SimulationError =>
  new SimulationError(SimulationErrorCode.NotFound, `simulation ${what} not found`);

/** (name, version) is registered already. */
export const simulationExists = (simulation: { name: string; version: string }): SimulationError =>
  new SimulationError(SimulationErrorCode.Exists, `simulation ${simulation.name} ${simulation.version} already exists`);
