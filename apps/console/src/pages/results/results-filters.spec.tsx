// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultsFilters } from './results-filters';
import type { ParamRef } from './results-state';

const params: ParamRef[] = [
  { cls: 'input', name: 'length' },
  { cls: 'output', name: 'max_temperature' },
];

afterEach(cleanup);

describe('ResultsFilters', () => {
  it('builds filters from parameter, operator and value and applies them together', () => {
    const onApply = vi.fn();
    render(<ResultsFilters params={params} filters={[]} onApply={onApply} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.change(screen.getByLabelText('Filter 1 operator'), { target: { value: 'gte' } });
    fireEvent.change(screen.getByLabelText('Filter 1 value'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.change(screen.getByLabelText('Filter 2 parameter'), { target: { value: 'output:max_temperature' } });
    fireEvent.change(screen.getByLabelText('Filter 2 operator'), { target: { value: 'ne' } });
    fireEvent.change(screen.getByLabelText('Filter 2 value'), { target: { value: '300' } });
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledWith([
      { cls: 'input', name: 'length', op: 'gte', value: '2.5' },
      { cls: 'output', name: 'max_temperature', op: 'ne', value: '300' },
    ]);
  });

  it('offers the six operators by their symbols', () => {
    render(<ResultsFilters params={params} filters={[{ cls: 'input', name: 'length', op: 'eq', value: '1' }]} onApply={vi.fn()} />);
    const options = Array.from((screen.getByLabelText('Filter 1 operator') as HTMLSelectElement).options).map((o) => o.textContent);
    expect(options).toEqual(['=', '≠', '>', '≥', '<', '≤']);
  });

  it('will not apply an ordering filter without a number, and says why', () => {
    const onApply = vi.fn();
    render(<ResultsFilters params={params} filters={[{ cls: 'input', name: 'length', op: 'lt', value: 'long' }]} onApply={onApply} />);
    expect(screen.getByText('needs a number')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Apply filters' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledWith([]);
  });
});
