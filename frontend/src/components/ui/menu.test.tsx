import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Menu, type MenuEntry } from './menu';

function renderMenu() {
  const copy = vi.fn();
  const erase = vi.fn();
  const entries: MenuEntry[] = [
    { label: 'Copy', onSelect: copy },
    'separator',
    { label: 'Erase', onSelect: erase, disabled: true, description: 'Nothing to erase' },
  ];
  render(
    <>
      <Menu label="Actions" entries={entries} />
      <button type="button">Elsewhere</button>
    </>,
  );
  return { user: userEvent.setup(), copy, erase };
}

const button = () => screen.getByRole('button', { name: 'Actions' });

describe('Menu', () => {
  it('opens on the last item with Up, and Tab closes it, the focus moving on', async () => {
    const { user } = renderMenu();
    button().focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Erase' })).toHaveFocus();
    expect(screen.getByRole('separator')).toBeInTheDocument();
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('keeps a disabled item listed and described, and does nothing when it is chosen', async () => {
    const { user, erase } = renderMenu();
    await user.click(button());
    const item = screen.getByRole('menuitem', { name: 'Erase' });
    expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(item).toHaveAccessibleDescription('Nothing to erase');
    await user.click(item);
    expect(erase).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('closes on a press elsewhere, and on the button; choosing an item closes it onto the button', async () => {
    const { user, copy } = renderMenu();
    await user.click(button());
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(button());
    await user.click(button());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button());
    await user.click(screen.getByRole('menuitem', { name: 'Copy' }));
    expect(copy).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button()).toHaveFocus();
    expect(button()).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows ⋯ alone when compact, named by its label, and drops rightwards where there is no room to the left', async () => {
    render(<Menu label="Actions" entries={[{ label: 'Copy', onSelect: vi.fn() }]} compact />);
    const user = userEvent.setup();
    expect(button()).toHaveTextContent('⋯');
    // The list as a browser would lay it out under a button at the window's left edge.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(-120, 40, 240, 100));
    await user.click(button());
    expect(screen.getByRole('menu', { name: 'Actions' })).toHaveAttribute('data-align', 'start');
  });
});
