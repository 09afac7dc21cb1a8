import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/render-app';

import { routes } from './router';

describe('RootLayout: skip link', () => {
  it('is the first thing Tab reaches, and takes focus to the main landmark', async () => {
    const { user, router } = renderApp(routes, { url: '/support' });
    await screen.findByRole('heading', { level: 1, name: 'Customer Support' });

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    // Focus moved by hand: no fragment for the router to take for a navigation.
    expect(router.state.location.hash).toBe('');

    // The next Tab goes into the page, not back to the nav bar.
    await user.tab();
    expect(screen.getByRole('main')).toContainElement(document.activeElement as HTMLElement);
  });
});
