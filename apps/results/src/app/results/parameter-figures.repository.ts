import { Injectable } from '@nestjs/common';
import { ResultParamClass } from '@simsvc/contracts';
import { InjectStoreDatabase, RESULTS_STORE, StoreDatabase } from '@simsvc/persistence';
import { PARAMETER_FIGURES, PARAMETER_FIGURES_WITHOUT_MEAN, REVISION, SCALED_MEAN } from './results.statements';

export interface ParameterFigures {
  /** The simulation's revision the figures were computed at (null: it has no results). */
  revision: number | null;
  /** The schema type of the parameter in the newest result that has it. */
  param_type: string | null;
  count: number;
  avg_value: number | null;
  min_value: number | null;
  max_value: number | null;
}

const POSTGRES_NUMERIC_OVERFLOW = '22003';

/** Parameter statistics (GET /stats) and the revision they are valid at. */
@Injectable()
export class ParameterFiguresRepository {
  constructor(@InjectStoreDatabase(RESULTS_STORE) private readonly db: StoreDatabase) {}

  /** The current revision of the simulation's results; null when it never had any. */
  async revision(simulationName: string): Promise<number | null> {
    const [row] = await this.db.query<{ revision: number | string }>(REVISION, [simulationName]);
    return row === undefined ? null : Number(row.revision);
  }

  async parameterFigures(simulationName: string, paramClass: ResultParamClass, name: string): Promise<ParameterFigures> {
    const key = [simulationName, paramClass, name];
    const row = await this.db.query<ParameterFigures>(PARAMETER_FIGURES, key).then(
      ([figures]) => figures,
      async (error: unknown) => {
        if ((error as { code?: string }).code !== POSTGRES_NUMERIC_OVERFLOW) throw error;
        const [figures] = await this.db.query<ParameterFigures>(PARAMETER_FIGURES_WITHOUT_MEAN, key);
        return figures;
      },
    );
    const figures: ParameterFigures = {
      revision: row.revision === null ? null : Number(row.revision),
      param_type: row.param_type,
      count: Number(row.count),
      avg_value: finiteOrNull(row.avg_value),
      min_value: finiteOrNull(row.min_value),
      max_value: finiteOrNull(row.max_value),
    };
    if (figures.count > 0 && figures.avg_value === null) {
      const [{ avg_value }] = await this.db.query<{ avg_value: number | null }>(SCALED_MEAN, [...key, figures.count]);
      figures.avg_value = finiteOrNull(avg_value);
    }
    return figures;
  }
}

function finiteOrNull(value: number | string | null): number | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}
