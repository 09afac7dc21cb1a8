import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { NO_FILTERS } from '../api/generations';

import { HistoryFilters } from './history-filters';

describe('HistoryFilters', () => {
  it('shows a click on "Favourites only" before the filters it asked for come back', async () => {
    const onChange = vi.fn();
    // The filters live in the address, which changes later: here, not at all.
    render(<HistoryFilters value={NO_FILTERS} styles={[]} onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Favourites only' });

    await userEvent.click(box);

    expect(box).toBeChecked();
    expect(onChange).toHaveBeenCalledWith({ ...NO_FILTERS, favorite: true });
  });

  it('follows filters changed elsewhere: cleared, a link, Back', () => {
    const { rerender } = render(
      <HistoryFilters value={{ ...NO_FILTERS, favorite: true }} styles={[]} onChange={vi.fn()} />,
    );
    expect(screen.getByRole('checkbox', { name: 'Favourites only' })).toBeChecked();

    rerender(<HistoryFilters value={NO_FILTERS} styles={[]} onChange={vi.fn()} />);

    expect(screen.getByRole('checkbox', { name: 'Favourites only' })).not.toBeChecked();
  });
});
