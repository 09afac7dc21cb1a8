import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { NavBar } from '@/components/layouts/nav-bar';
import { db, requestsTo } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render-app';

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('useMe', () => {
  it('does not ask the gateway about a guest', async () => {
    renderApp(<NavBar />);
    await within(nav()).findByText('Guest');
    expect(requestsTo('GET', '/api/v1/me')).toHaveLength(0);
  });

  it('fetches the profile once per sign-in', async () => {
    renderApp(<NavBar />, { user: { email: 'ada@example.com', displayName: 'Ada' } });
    await within(nav()).findByRole('link', { name: 'Go Premium' });
    expect(requestsTo('GET', '/api/v1/me')).toHaveLength(1);
  });

  it('creates a missing profile from the display name, then uses it', async () => {
    db.profileMissing = true;
    db.plan = 'pro';
    renderApp(<NavBar />, { user: { email: 'ada@example.com', displayName: 'Ada' } });
    expect(await within(nav()).findByRole('link', { name: 'Premium' })).toBeInTheDocument();
    await waitFor(() => {
      expect(requestsTo('POST', '/api/v1/me')).toHaveLength(1);
    });
    expect(requestsTo('POST', '/api/v1/me')[0]?.body).toEqual({ username: 'Ada', ageConfirmed: false });
  });

  it('forgets the profile on sign-out', async () => {
    const { user } = renderApp(<NavBar />, { user: { email: 'ada@example.com', displayName: 'Ada' }, plan: 'pro' });
    await within(nav()).findByRole('link', { name: 'Premium' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await within(nav()).findByText('Guest');
    expect(within(nav()).queryByRole('link', { name: /Premium/ })).not.toBeInTheDocument();
  });
});
