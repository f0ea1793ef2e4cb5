import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import type { Simulation } from '../../api/types';
import { withTotal } from '../../api/with-total';
import { Pager } from '../../components/pager';
import { QueryView } from '../../components/states';
import { groupByName, parseSimulationsState, simulationsStateToParams } from './simulations-state';
import { PageTitle } from '../../components/page-title';

const PAGE_SIZE = 20;

export function SimulationsPage() {
  const [params, setParams] = useSearchParams();
  const state = parseSimulationsState(params);
  const [text, setText] = useState(state.query);
  const [tags, setTags] = useState(state.tags.join(', '));

  // Typing updates the URL after a pause (replacing the entry, so Back is not flooded).
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = simulationsStateToParams({ query: text.trim(), tags: splitTags(tags), page: 1 });
      if (next.toString() !== simulationsStateToParams(state).toString()) setParams(next, { replace: true });
    }, 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, tags]);

  const search = useQuery({
    queryKey: ['simulations', state.query, state.tags, state.page],
    queryFn: () =>
      withTotal('catalog', () =>
        api.catalog.raw.GET('/simulations/search', {
          params: {
            query: {
              query: state.query || undefined,
              // Each tag typed or clicked narrows the list: every one must be present.
              all_tags: state.tags.length > 0 ? state.tags.join(',') : undefined,
              limit: PAGE_SIZE,
              offset: (state.page - 1) * PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

  const addTag = (tag: string) => {
    const next = [...new Set([...splitTags(tags), tag])];
    setTags(next.join(', '));
  };

  return (
    <section>
      <PageTitle parts={['Simulations']} />
      <h1>Simulations</h1>
      <div className="toolbar">
        <label>
          Search
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="name, description or tag" />
        </label>
        <label>
          Tags
          <input value={tags} onChange={(e) => setTags(e.target.value)} placeholder="heat, pde" />
        </label>
      </div>
      <QueryView query={search} what="simulations" isEmpty={(d) => d.items.length === 0} empty="No simulation matches.">
        {(data) => (
          <>
            <ul className="sim-list">
              {groupByName(data.items).map((sim) => (
                <SimulationItem key={sim.name} simulation={sim.latest} versions={sim.versions} onTag={addTag} />
              ))}
            </ul>
            <Pager
              page={state.page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onPage={(page) => setParams(simulationsStateToParams({ ...state, page }))}
            />
          </>
        )}
      </QueryView>
    </section>
  );
}

function SimulationItem({ simulation, versions, onTag }: { simulation: Simulation; versions: string[]; onTag: (tag: string) => void }) {
  return (
    <li className="card sim-item">
      <div className="sim-head">
        <Link to={`/simulations/${encodeURIComponent(simulation.name)}`} className="sim-name">
          {simulation.name}
        </Link>
        <span className="badge">v{simulation.version}</span>
        {versions.length > 1 && <span className="muted small">{versions.length} versions listed</span>}
      </div>
      {simulation.description && <p className="sim-description">{simulation.description}</p>}
      <div className="tags">
        {simulation.tags.map((tag) => (
          <button type="button" key={tag} className="tag" onClick={() => onTag(tag)} title={`Filter by ${tag}`}>
            {tag}
          </button>
        ))}
      </div>
    </li>
  );
}

function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}
