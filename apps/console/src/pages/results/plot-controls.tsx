import { useId } from 'react';
import { paramKey, parseParamRef, type ParamRef, type PlotKind } from './results-state';

export function PlotSwitch({ value, onChange }: { value: PlotKind; onChange: (kind: PlotKind) => void }) {
  return (
    <div className="segmented" role="group" aria-label="Plot kind">
      <button type="button" aria-pressed={value === 'scatter'} onClick={() => onChange('scatter')}>
        Scatter
      </button>
      <button type="button" aria-pressed={value === 'parallel'} onClick={() => onChange('parallel')}>
        Parallel coordinates
      </button>
    </div>
  );
}

export function AxesChooser({ refs, chosen, onChange }: { refs: ParamRef[]; chosen: ParamRef[]; onChange: (axes: ParamRef[]) => void }) {
  const keys = new Set(chosen.map(paramKey));
  return (
    <fieldset className="axes-chooser">
      <legend>Axes</legend>
      {refs.map((ref) => (
        <label key={paramKey(ref)} className="check">
          <input
            type="checkbox"
            checked={keys.has(paramKey(ref))}
            onChange={(e) => {
              const next = new Set(keys);
              if (e.target.checked) next.add(paramKey(ref));
              else next.delete(paramKey(ref));
              onChange(refs.filter((r) => next.has(paramKey(r))));
            }}
          />
          {ref.name}
        </label>
      ))}
    </fieldset>
  );
}

export function ParamSelect({
  label,
  refs,
  value,
  onChange,
  none,
}: {
  label: string;
  refs: ParamRef[];
  value: ParamRef | undefined;
  onChange: (ref: ParamRef | undefined) => void;
  none?: string;
}) {
  const id = useId();
  return (
    <span className="inline-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ? paramKey(value) : ''} onChange={(e) => onChange(parseParamRef(e.target.value))}>
        {none !== undefined && <option value="">{none}</option>}
        {refs.map((ref) => (
          <option key={paramKey(ref)} value={paramKey(ref)}>
            {ref.name} ({ref.cls})
          </option>
        ))}
      </select>
    </span>
  );
}
