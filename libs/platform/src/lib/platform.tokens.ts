/** The parsed ServiceConfig of the running service. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
/** The TypeORM DataSource of the service's own store. */
export const SERVICE_DATA_SOURCE = Symbol('SERVICE_DATA_SOURCE');
