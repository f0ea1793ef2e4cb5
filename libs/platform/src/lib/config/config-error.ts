/** A bad start-up option; the process exits with status 2 and prints the message on one line. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
