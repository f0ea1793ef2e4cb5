import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The file a worker (thread or process) runs, and the Node options it needs for it. */
export interface WorkerScript {
  file: string;
  execArgv: string[];
}

const STRIPS_TYPES = Boolean((process.features as { typescript?: unknown }).typescript);

/**
 * The worker `name` started by the module in `directory` (its `__dirname`). A build has the
 * compiled worker next to main.js (an entry of the app's webpack config); the sources (tests)
 * have the TypeScript file next to the module, which Node runs by stripping its types (by default
 * from Node 22.18; before that behind a flag, given in execArgv).
 */
export function workerScript(directory: string, name: string): WorkerScript {
  const built = join(directory, `${name}.js`);
  if (existsSync(built)) return { file: built, execArgv: [] };
  return { file: join(directory, `${name}.ts`), execArgv: STRIPS_TYPES ? [] : ['--experimental-strip-types'] };
}
