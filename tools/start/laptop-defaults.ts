// What `npm start` gives the services unless the environment or the command line says otherwise:
// the laptop defaults of docs/security.md. They listen on 127.0.0.1 only (an anonymous session
// can write, so the services are not for the network unless `--host 0.0.0.0` asks for it), and
// they believe X-Forwarded-For from loopback only: the console server in front of them, which
// sets it to the browser's address. A command-line option still wins over these variables.

import type { Service } from '../cluster/dist.ts';

export const LAPTOP_HOST = '127.0.0.1';
export const LAPTOP_TRUSTED_PROXIES = 'loopback';

/** The environment of the services: `env` with SIMSVC_<SVC>_HOST and SIMSVC_TRUSTED_PROXIES filled in where unset. */
export function laptopEnvironment(services: readonly Service[], env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = { ...env };
  for (const service of services) result[`SIMSVC_${service.toUpperCase()}_HOST`] ??= LAPTOP_HOST;
  result['SIMSVC_TRUSTED_PROXIES'] ??= LAPTOP_TRUSTED_PROXIES;
  return result;
}
