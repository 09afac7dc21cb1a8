import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { db, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { makeSupportUser } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';

import { routes } from '../router';

const staff = { email: 'sam@lucent.example', displayName: 'Sam', claims: { support: true } };
const grace = makeSupportUser(
  { subscription: { planType: 'pro', status: 'canceled', customerId: 'cus_123' } },
  {
    why: 'Not pro: the subscription was canceled on Nov 2, 2026.',
    audit: [{ at: Date.UTC(2026, 10, 2), actor: 'admin@lucent.example', action: 'set plan free', reason: 'refund #42' }],
  },
);
const staffOnly = 'This page is for Lucent support staff.';

describe('Support console', () => {
  it('finds a user by email and shows why they are or are not pro', async () => {
    db.supportUsers = [grace];
    const { user } = renderApp(routes, { url: '/staff', user: staff });
    await user.type(await screen.findByRole('searchbox', { name: 'Find a user' }), 'GRACE@example.com');
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Search' }));
    const results = within(await screen.findByRole('list', { name: 'Users found' }));
    expect(results.getByRole('link', { name: /grace@example\.com/ })).toHaveTextContent(grace.why);
  });

  it("opens a user's card with the sentence and the audit trail, focused and kept in the URL", async () => {
    db.supportUsers = [grace];
    const { user, router } = renderApp(routes, { url: '/staff?q=grace@example.com', user: staff });
    await user.click(await screen.findByRole('link', { name: /grace@example\.com/ }));
    const card = within(await screen.findByRole('region', { name: 'grace@example.com' }));
    expect(card.getByRole('heading', { name: 'grace@example.com' })).toHaveFocus();
    expect(card.getByText(grace.why)).toBeInTheDocument();
    expect(card.getByText('uid-grace')).toBeInTheDocument();
    expect(card.getByText(/3 of 10 used · resets/)).toBeInTheDocument();
    expect(card.getByText('cus_123')).toBeInTheDocument();
    const row = card.getByRole('row', { name: /refund #42/ });
    expect(row).toHaveTextContent(/admin@lucent\.example.*set plan free/);
    expect(router.state.location.search).toBe('?q=grace%40example.com&uid=uid-grace');
  });

  it('opens the card from the URL alone, and says when nothing was changed by hand', async () => {
    db.supportUsers = [makeSupportUser()];
    renderApp(routes, { url: '/staff?uid=uid-grace', user: staff });
    const card = within(await screen.findByRole('region', { name: 'grace@example.com' }));
    expect(card.getByText('No changes by hand yet')).toBeInTheDocument();
    expect(card.getByText('Free', { selector: 'dd' })).toBeInTheDocument();
  });

  it('says so when no user has the uid', async () => {
    renderApp(routes, { url: '/staff?uid=nobody', user: staff });
    expect(await screen.findByText('No user has the uid “nobody”.')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Nobody matches “nobody”.')).toHaveAttribute('role', 'status');
  });

  it('shows a user without a staff role only that the page is for staff, without asking the gateway', async () => {
    renderApp(routes, { url: '/staff?uid=uid-grace', user: { email: 'ada@example.com', claims: { support: 'true' } } });
    expect(await screen.findByRole('heading', { name: staffOnly })).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(requestsTo('GET', '/api/v1/support/users')).toHaveLength(0);
  });

  it('shows only the staff message when the gateway answers the search with a 404 (a revoked role)', async () => {
    server.use(http.get('/api/v1/support/users', () => fail('GET /api/v1/support/users', 404, 'not_found', 'route not found')));
    renderApp(routes, { url: '/staff?q=grace@example.com', user: staff });
    expect(await screen.findByRole('heading', { name: staffOnly })).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('offers to try again while the accounts service is down', async () => {
    db.supportUsers = [grace];
    let down = true;
    server.use(
      http.get('/api/v1/support/users', () => {
        if (!down) return undefined;
        const answer = fail('GET /api/v1/support/users', 503, 'dependency_unavailable', 'accounts service unreachable');
        answer.headers.set('Retry-After', '1');
        return answer;
      }),
    );
    const { user } = renderApp(routes, { url: '/staff?q=grace@example.com', user: staff });
    expect(await screen.findByRole('alert')).toHaveTextContent(/not answering right now\. Try again in a moment\./);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /grace@example\.com/ })).toBeInTheDocument();
  });

  it('sends a guest to log in first', async () => {
    const { router } = renderApp(routes, { url: '/staff?uid=uid-grace' });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(router.state.location.search).toBe('?redirectTo=%2Fstaff%3Fuid%3Duid-grace');
  });
});
