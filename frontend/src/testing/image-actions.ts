import { waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

// An image's 'Actions' menu, the same on a gallery card and in the viewer.

/** Opens the Actions menu in `scope` (a card, the viewer) and returns the menu. */
export async function openActions(user: UserEvent, scope: HTMLElement): Promise<HTMLElement> {
  await user.click(within(scope).getByRole('button', { name: 'Actions' }));
  return within(scope).findByRole('menu');
}

/** The item `name` of an open menu, a plain item or a checkbox one (Favourite). */
export function actionIn(menu: HTMLElement, name: string): HTMLElement {
  return within(menu).queryByRole('menuitemcheckbox', { name }) ?? within(menu).getByRole('menuitem', { name });
}

/** Every item of an open menu by its text, in order. */
export function actionNames(menu: HTMLElement): string[] {
  return Array.from(menu.querySelectorAll('[role^="menuitem"]'), (item) => item.textContent.trim());
}

/**
 * Chooses `name` in the Actions menu of `scope` once it can be chosen: the Premium and favourite
 * items wait for the plan.
 */
export async function chooseAction(user: UserEvent, scope: HTMLElement, name: string): Promise<void> {
  await waitFor(async () => {
    const menu = within(scope).queryByRole('menu') ?? (await openActions(user, scope));
    expect(actionIn(menu, name)).not.toHaveAttribute('aria-disabled');
  });
  await user.click(actionIn(within(scope).getByRole('menu'), name));
}

/** Whether `scope`'s image is a favourite, as its menu says (the menu is closed again after). */
export async function isFavourite(user: UserEvent, scope: HTMLElement): Promise<boolean> {
  const menu = await openActions(user, scope);
  const checked = within(menu).getByRole('menuitemcheckbox', { name: 'Favourite' }).getAttribute('aria-checked');
  await user.keyboard('{Escape}');
  return checked === 'true';
}
