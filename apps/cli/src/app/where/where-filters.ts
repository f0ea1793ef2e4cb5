// `--where` conditions → search filters, finding the class of a name without `in.`/`out.` from
// the simulation's schema: the catalog's input/output schema, else the parameters of the newest
// result of that simulation in the results service (a simulation need not be in the catalog).
import { SimsvcError, SimsvcUnreachableError, type SimsvcClient } from '@simsvc/client';
import { UsageError } from '../usage-error';
import { buildFilters, type Filters, type ParamClass, parseWhere, type WhereCondition } from './where-parser';

interface ParameterNames {
  input: Set<string>;
  output: Set<string>;
  source: string;
}

export async function whereFilters(
  client: SimsvcClient,
  simulation: string,
  texts: string[],
): Promise<{ input_filters: Filters; output_filters: Filters }> {
  const conditions = texts.map(parseWhere);
  let names: ParameterNames | undefined;
  const resolved: (WhereCondition & { paramClass: ParamClass })[] = [];
  for (const condition of conditions) {
    if (condition.paramClass) {
      resolved.push({ ...condition, paramClass: condition.paramClass });
      continue;
    }
    names ??= await parameterNames(client, simulation);
    resolved.push({ ...condition, paramClass: classOf(condition.name, names, simulation) });
  }
  return buildFilters(resolved);
}

function classOf(name: string, names: ParameterNames, simulation: string): ParamClass {
  const isInput = names.input.has(name);
  const isOutput = names.output.has(name);
  if (isInput && isOutput)
    throw new UsageError(`--where: ${name} is both an input and an output of ${simulation}: write in.${name} or out.${name}`);
  if (isInput) return 'input';
  if (isOutput) return 'output';
  throw new UsageError(
    `--where: ${simulation} has no parameter ${name} (${names.source}); write in.${name} or out.${name} to search for it anyway`,
  );
}

async function parameterNames(client: SimsvcClient, simulation: string): Promise<ParameterNames> {
  try {
    const sim = await client.catalog.GET('/simulations/{simulation}', { params: { path: { simulation } } });
    const input = Object.keys(sim.input_schema ?? {});
    const output = Object.keys(sim.output_schema ?? {});
    if (input.length + output.length > 0) return { input: new Set(input), output: new Set(output), source: 'its catalog schema' };
  } catch (error) {
    // Not in the catalog, or no catalog at hand: the results service knows the parameters too.
    const fallBack = error instanceof SimsvcUnreachableError || (error instanceof SimsvcError && error.status !== 400);
    if (!fallBack) throw error;
  }
  const page = await client.results.POST('/search', { body: { simulation_name: simulation, limit: 1 } });
  const newest = page.results[0];
  return {
    input: new Set(Object.keys(newest?.input_params ?? {})),
    output: new Set(Object.keys(newest?.output_params ?? {})),
    source: newest ? 'the parameters of its newest result' : 'it has no results',
  };
}
