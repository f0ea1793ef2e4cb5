// Which execution_ids are registered already, asked as cheaply as the service allows. There is
// no bulk lookup by execution_id, so per simulation of the files: one search of up to 1,000
// hits; when that is all of them (a new simulation answers with none), or paging through the rest
// costs few requests against the files at hand, the set of registered ids is known from that;
// otherwise each run is asked for with `GET /results/{execution_id}`. Measured with
// `npm run bench -- cli`: a GET before each POST cost about a quarter of the CLI's rate.
import { SimsvcError, type SimsvcClient } from '@simsvc/client';

const PAGE = 1000;
/** Page through a simulation's results when it takes at most one search per this many files. */
const FILES_PER_PAGE = 50;

export class RegisteredRuns {
  private constructor(
    private readonly client: SimsvcClient,
    private readonly known: Map<string, Set<string>>,
  ) {}

  /** @param runs the files' runs: their simulation and execution_id. */
  static async load(client: SimsvcClient, runs: { simulation_name: string }[]): Promise<RegisteredRuns> {
    const files = new Map<string, number>();
    for (const { simulation_name } of runs) if (simulation_name) files.set(simulation_name, (files.get(simulation_name) ?? 0) + 1);
    const known = new Map<string, Set<string>>();
    for (const [simulation, count] of files) {
      const ids = await listIds(client, simulation, count).catch((error: unknown) => {
        // A name the search refuses (too long, …): its runs are asked for one by one.
        if (error instanceof SimsvcError && error.status === 400) return undefined;
        throw error;
      });
      if (ids) known.set(simulation, ids);
    }
    return new RegisteredRuns(client, known);
  }

  async isRegistered(run: { simulation_name: string; execution_id: string }): Promise<boolean> {
    const ids = this.known.get(run.simulation_name);
    return ids ? ids.has(run.execution_id) : this.ask(run.execution_id);
  }

  /** 200: registered; 404: not; any other answer is thrown as the client would (a 404 is no error here). */
  private async ask(executionId: string): Promise<boolean> {
    const { response, error } = await this.client.results.raw.GET('/results/{execution_id}', {
      params: { path: { execution_id: executionId } },
    });
    if (response.ok) return true;
    if (response.status === 404) return false;
    throw SimsvcError.fromResponse({ method: 'GET', url: response.url }, response, error);
  }
}

/** Every registered execution_id of the simulation, or undefined when that costs too many searches. */
async function listIds(client: SimsvcClient, simulation: string, files: number): Promise<Set<string> | undefined> {
  const ids = new Set<string>();
  for (let offset = 0; ; offset += PAGE) {
    const page = await client.results.POST('/search', { body: { simulation_name: simulation, limit: PAGE, offset } });
    if (offset === 0 && Math.ceil(page.total / PAGE) - 1 > files / FILES_PER_PAGE) return undefined;
    for (const hit of page.results) ids.add(hit.execution_id);
    if (page.results.length < PAGE || offset + PAGE >= page.total) return ids;
  }
}
