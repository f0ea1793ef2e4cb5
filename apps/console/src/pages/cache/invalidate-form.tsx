import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import { ErrorState } from '../../components/states';

export function InvalidateForm() {
  const [pattern, setPattern] = useState('');
  const [simulation, setSimulation] = useState('');
  const [reason, setReason] = useState('');
  const queryClient = useQueryClient();
  const invalidate = useMutation({
    mutationFn: () =>
      call('cache', () =>
        api.cache.POST('/cache/invalidate', {
          body: { pattern: pattern || null, simulation_name: simulation || null, reason: reason || null },
        }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['cache-stats'] });
      await queryClient.invalidateQueries({ queryKey: ['cache-entries'] });
      await queryClient.invalidateQueries({ queryKey: ['cache-invalidations'] });
    },
  });
  const nothingSelected = !pattern && !simulation;
  // Submitting (the button, or Enter in a field) only asks; "Yes, invalidate" removes entries.
  const [confirming, setConfirming] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!nothingSelected) setConfirming(true);
  };
  const confirm = () => {
    setConfirming(false);
    invalidate.mutate();
  };
  // A change to what is selected withdraws the question already asked.
  const reselect = (set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    set(event.target.value);
    setConfirming(false);
  };
  const selector = [pattern && `keys matching ${pattern}`, simulation && `of simulation ${simulation}`].filter(Boolean).join(' ');
  return (
    <form className="form" onSubmit={submit}>
      <label>
        Key pattern
        <input value={pattern} onChange={reselect(setPattern)} placeholder="heat-1d/* (* matches anything)" />
      </label>
      <label>
        Simulation name
        <input value={simulation} onChange={reselect(setSimulation)} />
      </label>
      <label>
        Reason
        <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder="why (kept in the log)" />
      </label>
      <div className="actions">
        <button type="submit" className="danger" disabled={invalidate.isPending || nothingSelected}>
          Invalidate
        </button>
        {nothingSelected && <span className="muted small">Give a pattern or a simulation.</span>}
      </div>
      {confirming && (
        <div className="confirm" role="alertdialog" aria-labelledby="invalidate-question">
          <p id="invalidate-question">Invalidate every live entry {selector}? They cannot be brought back.</p>
          <div className="actions">
            <button type="button" className="danger" onClick={confirm} autoFocus>
              Yes, invalidate
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {invalidate.data && (
        <p className="ok" role="status">
          Invalidated {invalidate.data.invalidated_count} {invalidate.data.invalidated_count === 1 ? 'entry' : 'entries'}.
        </p>
      )}
      {invalidate.error && <ErrorState error={invalidate.error} />}
    </form>
  );
}
