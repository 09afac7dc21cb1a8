import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { supportMailto } from '@/config/support';
import { browser } from '@/lib/browser';
import { formatDateTime } from '@/lib/format';
import { db, requestsTo } from '@/testing/mocks/db';
import { AGE_CHECKED_AT, makeSuspension } from '@/testing/mocks/records';
import { renderApp } from '@/testing/render-app';

import { routes } from '../router';

const ada = { email: 'ada@example.com', displayName: 'Ada' };

describe('Profile page', () => {
  it('shows name, email, plan and credits (no bonus line without a bonus)', async () => {
    db.quota = { used: 4, limit: 10, bonus: 0, resetsAt: '2026-11-23T00:00:00Z' };
    renderApp(routes, { url: '/profile', user: ada });
    const main = within(await screen.findByRole('main'));
    expect(await main.findByTestId('profile-email')).toHaveTextContent(/^ada@example\.com · Not verified/);
    expect(main.getByText('Ada')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('profile-plan')).toHaveTextContent(/^Free · 10 credits per day$/);
    });
    expect(screen.getByTestId('profile-credits')).toHaveTextContent(/^4 of 10 used · 6 left · resets [^·]*2026[^·]*$/);
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your standing' })).not.toBeInTheDocument();
  });

  it("says what Premium gives, as the catalog states it, and when the credits reset", async () => {
    db.catalog.plans = { freeDaily: 10, proMonthly: 1200 };
    db.plan = 'pro';
    db.quota = { used: 3, limit: 1200, bonus: 0, resetsAt: '2026-12-14T09:30:00Z' };
    renderApp(routes, { url: '/profile', user: ada });
    await waitFor(() => {
      expect(screen.getByTestId('profile-plan')).toHaveTextContent(
        'Premium Pro · 1,200 credits per month, renewed with each billing period',
      );
    });
    expect(screen.getByTestId('profile-credits')).toHaveTextContent(
      `3 of 1200 used · 1197 left · resets ${formatDateTime('2026-12-14T09:30:00Z')}`,
    );
  });

  it('warns once three refused requests in 24 hours count, saying how many of five', async () => {
    db.refusals = Array.from({ length: 4 }, () => ({ at: Date.now(), strike: true }));
    renderApp(routes, { url: '/profile', user: ada });
    const notice = await screen.findByRole('region', { name: 'Your standing' });
    expect(notice).toHaveTextContent(
      'Warning (4 of 5): 4 of your requests were refused in the last 24 hours; at 5, generation is suspended until our staff have reviewed your account.',
    );
    expect(within(notice).getByRole('link', { name: 'What Lucent never makes' })).toHaveAttribute(
      'href',
      '/terms-of-service#content-rules',
    );
  });

  it('says generation is suspended, since when, why, that staff kept it, and how to ask for a review', async () => {
    const suspension = makeSuspension({ upheld: true });
    db.suspension = suspension;
    // Past the warning too, which the suspension says more than.
    db.refusals = Array.from({ length: 5 }, () => ({ at: Date.now(), strike: true }));
    renderApp(routes, { url: '/profile', user: ada });
    const notice = await screen.findByRole('region', { name: 'Your standing' });
    expect(notice).toHaveTextContent(
      `Generation is suspended since ${formatDateTime(suspension.since)}: 5 refused requests in 24 hours. Our staff reviewed it and kept it.`,
    );
    expect(notice).toHaveTextContent(suspension.review);
    expect(within(notice).getByRole('link', { name: 'support@lucent.example' })).toHaveAttribute(
      'href',
      supportMailto('Review of the suspension of ada@example.com'),
    );
    expect(notice).not.toHaveTextContent('Warning');
  });

  it('says how many of the credits are a bonus from support', async () => {
    db.quota = { used: 1, limit: 13, bonus: 3, resetsAt: '2026-11-25T00:00:00Z' };
    renderApp(routes, { url: '/profile', user: ada });
    expect(await screen.findByTestId('profile-credits')).toHaveTextContent(
      /^1 of 13 used · 12 left · resets [^·]*2026[^·]* · including 3 bonus credits from support$/,
    );
  });

  it('words a single bonus credit in the singular', async () => {
    db.quota = { used: 0, limit: 11, bonus: 1, resetsAt: '2026-11-25T00:00:00Z' };
    renderApp(routes, { url: '/profile', user: ada });
    expect(await screen.findByTestId('profile-credits')).toHaveTextContent(/11 left · resets [^·]+ · including 1 bonus credit from support$/);
  });

  it("opens the billing portal from 'Manage subscription' for a pro user", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    db.subscription = { planType: 'pro', status: 'active', currentPeriodEnd: Date.UTC(2026, 11, 20) };
    const { user } = renderApp(routes, { url: '/profile', user: ada, plan: 'pro' });
    await user.click(await screen.findByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledExactlyOnceWith('https://billing.stripe.com/p/session/test_123');
    });
    expect(requestsTo('POST', '/api/v1/billing/portal')).toHaveLength(1);
    expect(screen.getByText(/active · current period ends/)).toBeInTheDocument();
  });

  it("signs out to the homepage, with the nav bar's word", async () => {
    const { user, router } = renderApp(routes, { url: '/profile', user: ada });
    await screen.findByTestId('profile-email');
    const signOuts = screen.getAllByRole('button', { name: 'Sign out' });
    // One verb for it: the nav bar's and the profile's.
    expect(signOuts).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /log ?out/i })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(await screen.findByText('Guest')).toBeInTheDocument();
  });
});

describe('Profile page: the age check', () => {
  const ageCheckLine = () => screen.findByTestId('profile-age-check');

  it('says when the age was verified, with nothing to do', async () => {
    renderApp(routes, { url: '/profile', user: ada });
    expect(await ageCheckLine()).toHaveTextContent(`Verified on ${formatDateTime(AGE_CHECKED_AT)}`);
    expect(screen.queryByRole('button', { name: 'Verify your age' })).not.toBeInTheDocument();
  });

  it('offers an unverified user the check, coming back to the profile', async () => {
    db.ageCheck = { status: 'unverified', checkedAt: null, required: true };
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp(routes, { url: '/profile', user: ada });
    expect(await ageCheckLine()).toHaveTextContent(/^Not verified$/);
    expect(screen.getByText('Explicit images are only for adults whose age an identity provider has verified.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify your age' }));

    await waitFor(() => {
      expect(assign).toHaveBeenCalledExactlyOnceWith('http://127.0.0.1:8080/age-check/test/inq_test_1');
    });
    expect(requestsTo('POST', '/api/v1/me/age-check').map((request) => request.body)).toEqual([{ returnTo: '/profile' }]);
  });

  it('offers to resume a check still pending, saying when it began', async () => {
    const began = Date.UTC(2026, 10, 26, 10);
    db.ageCheck = { status: 'pending', checkedAt: began, required: true };
    renderApp(routes, { url: '/profile', user: ada });
    expect(await ageCheckLine()).toHaveTextContent(`Started on ${formatDateTime(began)}, not finished`);
    expect(screen.getByRole('button', { name: 'Resume verification' })).toBeInTheDocument();
  });

  it('after a declined check, says when, and offers support and another check', async () => {
    db.ageCheck = { status: 'declined', checkedAt: AGE_CHECKED_AT, required: true };
    renderApp(routes, { url: '/profile', user: ada });
    expect(await ageCheckLine()).toHaveTextContent(`Declined on ${formatDateTime(AGE_CHECKED_AT)}`);
    expect(screen.getByText(/The provider declined your age check, so explicit images are not available to you\./)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'support@lucent.example' })).toHaveAttribute(
      'href',
      supportMailto('Age check of ada@example.com'),
    );
    expect(screen.getByRole('button', { name: 'Verify your age' })).toBeInTheDocument();
  });

  it('after a check that found the user under 18, says so, offers support and no new check', async () => {
    db.ageCheck = { status: 'minor', checkedAt: AGE_CHECKED_AT, required: true };
    renderApp(routes, { url: '/profile', user: ada });
    expect(await ageCheckLine()).toHaveTextContent(
      `Under 18 on ${formatDateTime(AGE_CHECKED_AT)}: explicit styles are locked`,
    );
    expect(screen.getByTestId('age-check-minor')).toHaveTextContent(
      'Your age check found that you are under 18, so explicit styles are locked for this account.',
    );
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'support@lucent.example' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify your age' })).not.toBeInTheDocument();
  });

  it('shows nothing of it where this server does not check ages', async () => {
    db.ageCheck = { status: 'unverified', checkedAt: null, required: false };
    renderApp(routes, { url: '/profile', user: ada });
    expect(await screen.findByTestId('profile-credits')).toBeInTheDocument();
    expect(screen.queryByText('Age check')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify your age' })).not.toBeInTheDocument();
  });
});
