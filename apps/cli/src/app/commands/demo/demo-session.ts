// The session the demo works under: the one given (--session, SIMSVC_SESSION) or stored by
// `simsvc login`, else an anonymous session of its own (revoked at the end). An anonymous session
// can write results and the cache and record executions, but not register a simulation: that
// takes `register_simulation` (a developer or admin).
import { SimsvcError, type SimsvcClient } from '@simsvc/client';

export interface DemoSession {
  /** How the session came about, for the report. */
  description: string;
  canRegisterSimulations: boolean;
  /** Ends what the demo started (its anonymous session); a session of the user's is left alone. */
  end(): Promise<void>;
}

export class DemoSessionError extends Error {}

export async function demoSession(client: SimsvcClient, source: 'given' | 'stored' | 'none'): Promise<DemoSession> {
  if (source !== 'none') {
    const current = await client.session.current().catch((error: unknown) => {
      if (error instanceof SimsvcError && error.status === 401) {
        throw new DemoSessionError(
          `the ${source === 'given' ? '--session / SIMSVC_SESSION' : 'stored'} session is refused (${error.message}): run \`simsvc login\` again, or \`simsvc logout\` to run the demo with an anonymous session`,
        );
      }
      throw error;
    });
    return {
      description: current.username ? `${current.username} (${current.role})` : `anonymous (${source} session)`,
      canRegisterSimulations: current.privileges.includes('register_simulation'),
      end: async () => undefined,
    };
  }
  try {
    await client.session.anonymous({ lifetime_hours: 1 });
  } catch (error) {
    if (error instanceof SimsvcError && error.status === 403) {
      throw new DemoSessionError(
        `anonymous sessions are off on this deployment (${error.message}): log in first (\`simsvc login --username NAME\`), then run \`simsvc demo\` again`,
      );
    }
    throw error;
  }
  return {
    description: 'anonymous (no `simsvc login` session)',
    canRegisterSimulations: false,
    end: () => client.session.logout().catch(() => undefined),
  };
}
