import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import type { Simulation } from '../../api/types';
import { ErrorState, QueryView } from '../../components/states';
import { useSimulation } from './simulation-queries';
import { PageTitle } from '../../components/page-title';

export function SimulationEditPage() {
  const name = useParams().name ?? '';
  const version = useSearchParams()[0].get('version') ?? undefined;
  const simulation = useSimulation(name, version);
  return (
    <section>
      <PageTitle parts={['Edit', name]} />
      <p className="crumbs">
        <Link to="/simulations">Simulations</Link> / <Link to={`/simulations/${encodeURIComponent(name)}`}>{name}</Link> /
      </p>
      <h1>
        Edit {name} {simulation.data && <span className="badge">v{simulation.data.version}</span>}
      </h1>
      <QueryView query={simulation} what="the simulation">
        {(sim) => <EditForm simulation={sim} />}
      </QueryView>
    </section>
  );
}

function EditForm({ simulation }: { simulation: Simulation }) {
  const [description, setDescription] = useState(simulation.description);
  const [author, setAuthor] = useState(simulation.author ?? '');
  const [tags, setTags] = useState(simulation.tags.join(', '));
  const [status, setStatus] = useState(simulation.status);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      call('catalog', () =>
        api.catalog.PATCH('/simulations/{simulation}', {
          params: { path: { simulation: simulation.id } },
          body: {
            description,
            author: author || null,
            tags: tags
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean),
            status: status as 'active' | 'deprecated',
          },
        }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['simulation', simulation.name] });
      await queryClient.invalidateQueries({ queryKey: ['simulations'] });
      void navigate(`/simulations/${encodeURIComponent(simulation.name)}?version=${encodeURIComponent(simulation.version)}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="card form" onSubmit={submit}>
      <label>
        Description
        <textarea rows={4} value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <label>
        Author
        <input value={author} onChange={(e) => setAuthor(e.target.value)} />
      </label>
      <label>
        Tags
        <input value={tags} onChange={(e) => setTags(e.target.value)} placeholder="comma-separated" />
      </label>
      <label>
        Status
        <select value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
          <option value="active">active</option>
          <option value="deprecated">deprecated</option>
        </select>
      </label>
      {save.error && <ErrorState error={save.error} />}
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          Save
        </button>
        <Link className="button secondary" to={`/simulations/${encodeURIComponent(simulation.name)}`}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
