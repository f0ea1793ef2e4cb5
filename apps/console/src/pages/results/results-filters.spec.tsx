// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultsFilters, type ParamType } from './results-filters';
import type { ParamRef } from './results-state';

const params: ParamRef[] = [
  { cls: 'input', name: 'length' },
  { cls: 'output', name: 'max_temperature' },
  { cls: 'input', name: 'adaptive' },
];
const typeOf = (ref: ParamRef): ParamType => (ref.name === 'adaptive' ? 'boolean' : 'other');

afterEach(cleanup);

function wrap(children: ReactNode) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

function renderFilters(props: Partial<Parameters<typeof ResultsFilters>[0]> = {}) {
  const onApply = vi.fn();
  render(
    wrap(
      <ResultsFilters
        simulation="heat-1d"
        params={params}
        typeOf={typeOf}
        filters={[]}
        scope={{}}
        versions={['1.0.0', '1.1.0']}
        onApply={onApply}
        {...props}
      />,
    ),
  );
  return onApply;
}

describe('ResultsFilters', () => {
  it('builds filters from parameter, operator and value and applies them together with version and status', () => {
    const onApply = renderFilters();
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.change(screen.getByLabelText('Filter 1 operator'), { target: { value: 'gte' } });
    fireEvent.change(screen.getByLabelText('Filter 1 value'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.change(screen.getByLabelText('Filter 2 parameter'), { target: { value: 'output:max_temperature' } });
    fireEvent.change(screen.getByLabelText('Filter 2 operator'), { target: { value: 'in' } });
    fireEvent.change(screen.getByLabelText('Filter 2 value'), { target: { value: '300, 310' } });
    fireEvent.change(screen.getByLabelText('Version'), { target: { value: '1.1.0' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledWith(
      [
        { cls: 'input', name: 'length', op: 'gte', value: '2.5' },
        { cls: 'output', name: 'max_temperature', op: 'in', value: '300, 310' },
      ],
      { version: '1.1.0', status: 'failed' },
    );
  });

  it('offers the seven operators by their symbols', () => {
    renderFilters({ filters: [{ cls: 'input', name: 'length', op: 'eq', value: '1' }] });
    const options = Array.from((screen.getByLabelText('Filter 1 operator') as HTMLSelectElement).options).map((o) => o.textContent);
    expect(options).toEqual(['=', '≠', '>', '≥', '<', '≤', 'in']);
  });

  it('offers true and false for a boolean parameter', () => {
    renderFilters({ filters: [{ cls: 'input', name: 'adaptive', op: 'eq', value: '' }] });
    const options = Array.from((screen.getByLabelText('Filter 1 value') as HTMLSelectElement).options).map((o) => o.value);
    expect(options).toEqual(['', 'true', 'false']);
  });

  it('will not apply an ordering filter without a number, and says why', () => {
    const onApply = renderFilters({ filters: [{ cls: 'input', name: 'length', op: 'lt', value: 'long' }] });
    expect(screen.getByText('needs a number')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Apply filters' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledWith([], { version: undefined, status: undefined });
  });
});
