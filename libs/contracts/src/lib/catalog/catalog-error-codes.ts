// The catalog modules' error codes; their statuses are in libs/platform (error-status.ts).

export enum SimulationErrorCode {
  NotFound = 'SIMULATION_NOT_FOUND',
  /** A simulation id or name in the path that no simulation can have. */
  InvalidId = 'SIMULATION_INVALID_ID',
  InvalidName = 'SIMULATION_INVALID_NAME',
  /** (name, version) is registered already. */
  Exists = 'SIMULATION_EXISTS',
  HasExecutions = 'SIMULATION_HAS_EXECUTIONS',
  /** An update naming another name or version: a simulation's identity never changes. */
  IdentityFixed = 'SIMULATION_IDENTITY_FIXED',
  /** A registration giving its schemas both as input_schema/output_schema and as schema. */
  SchemaGivenTwice = 'SIMULATION_SCHEMA_GIVEN_TWICE',
}

export enum ExecutionErrorCode {
  NotFound = 'EXECUTION_NOT_FOUND',
  /** An execution_id in the path that no execution can have. */
  InvalidId = 'EXECUTION_INVALID_ID',
  /** The execution changed between the attempts of one record (it was deleted meanwhile). */
  ChangedConcurrently = 'EXECUTION_CHANGED_CONCURRENTLY',
  OfAnotherSimulation = 'EXECUTION_OF_ANOTHER_SIMULATION',
  /** A state move the transition table refuses. */
  MoveRefused = 'EXECUTION_MOVE_REFUSED',
  TimesOutOfOrder = 'EXECUTION_TIMES_OUT_OF_ORDER',
}

export enum SyncErrorCode {
  ItemNotFound = 'SYNC_ITEM_NOT_FOUND',
  /** A sync item id in the path that no item can have. */
  InvalidItemId = 'SYNC_INVALID_ITEM_ID',
  ItemNotPending = 'SYNC_ITEM_NOT_PENDING',
  AutomaticRegistrationOff = 'SYNC_AUTOMATIC_REGISTRATION_OFF',
}
