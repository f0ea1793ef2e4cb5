// What `npm start` says once every service listens, as its last lines: the console's URL, one line
// per service with its URL and its API docs, the admin user created at start-up (its name only;
// never the password), and the command to try next.

const LISTENING = /^listening on (http:\/\/\S+)$/;
const ADMIN_CREATED = /^created admin user (.+)$/;
const ANY_ADDRESS = new Set(['0.0.0.0', '[::]']);

function messageOf(line: string): string | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const record = JSON.parse(line) as { msg?: unknown };
    return typeof record.msg === 'string' ? record.msg : undefined;
  } catch {
    return undefined;
  }
}

/** A URL a browser on this machine can open: a service listening on every address is on localhost. */
function reachableUrl(listeningOn: string): string {
  const url = new URL(listeningOn);
  if (ANY_ADDRESS.has(url.hostname)) url.hostname = 'localhost';
  return url.origin;
}

export interface ReadySummary {
  observe(service: string, line: string): void;
  /** The lines to print once every service has said where it listens (undefined until then). */
  summary(): string[] | undefined;
}

/**
 * Collects the services' log lines. `services`: in the order to print them; `adminUsername`:
 * SIMSVC_ADMIN_USERNAME, if set.
 */
export function createReadySummary(
  services: readonly string[],
  adminUsername: string | undefined,
  consoleUrl: string | undefined,
): ReadySummary {
  const urls = new Map<string, string>();
  const createdAdmins = new Set<string>();
  return {
    observe(service, line) {
      const message = messageOf(line);
      if (message === undefined) return;
      const listening = LISTENING.exec(message);
      if (listening) urls.set(service, reachableUrl(listening[1]));
      const created = ADMIN_CREATED.exec(message);
      if (created) createdAdmins.add(created[1]);
    },
    summary() {
      if (!services.every((service) => urls.has(service))) return undefined;
      const width = Math.max('console'.length, ...services.map((service) => service.length));
      const lines = consoleUrl ? [`${'console'.padEnd(width)}  ${consoleUrl}`] : [];
      lines.push(...services.map((service) => `${service.padEnd(width)}  ${urls.get(service)}  docs: ${urls.get(service)}/docs`));
      if (!adminUsername) lines.push('no admin user: set SIMSVC_ADMIN_USERNAME and SIMSVC_ADMIN_PASSWORD to create one at start-up');
      else if (createdAdmins.has(adminUsername))
        lines.push(`admin user "${adminUsername}" created (password: the SIMSVC_ADMIN_PASSWORD you set)`);
      else lines.push(`admin user "${adminUsername}" already exists (left unchanged)`);
      lines.push('next: npx simsvc demo   (a sweep of 2,000 runs to look at in the console)');
      return lines;
    },
  };
}
