import { DomainError } from '@simsvc/contracts';

/** No simulation by that id, name or name and version (`what`). */
export class SimulationNotFound extends DomainError {
  readonly status = 404;
  constructor(what: string | number) {
    super(`simulation ${what} not found`);
  }
}

/** (name, version) is registered already. */
export class SimulationExists extends DomainError {
  readonly status = 409;
  constructor(simulation: { name: string; version: string }) {
    super(`simulation ${simulation.name} ${simulation.version} already exists`);
  }
}

export class SimulationHasExecutions extends DomainError {
  readonly status = 409;
  constructor(id: number) {
    super(`simulation ${id} has executions and cannot be deleted`);
  }
}

/** An update naming another name or version: a simulation's identity never changes. */
export class SimulationIdentityFixed extends DomainError {
  readonly status = 400;
  constructor(field: 'name' | 'version') {
    super(`${field} cannot be changed`);
  }
}

/** A registration giving its schemas both as input_schema/output_schema and as schema. */
export class SchemaGivenTwice extends DomainError {
  readonly status = 400;
  constructor() {
    super('give input_schema/output_schema or schema, not both');
  }
}
