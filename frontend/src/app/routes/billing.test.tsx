import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { supportMailto } from '@/config/support';
import { CONFIRMATION_RETRY_DELAYS_MS } from '@/features/billing/hooks/use-payment-confirmation';
import { browser } from '@/lib/browser';
import { formatDateTime } from '@/lib/format';
import { db, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { makeSuspension } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';
import { advance, settle, useFakeTimeouts, useRunningFakeTimeouts } from '@/testing/timers';

import { routes } from '../router';

const ada = { email: 'ada@example.com', displayName: 'Ada' };

describe('Subscribe page', () => {
  it('shows the $9.99 monthly price and every pro benefit, in order, with the catalog\'s credits', async () => {
    renderApp(routes, { url: '/subscribe' });
    expect(await screen.findByText('$9.99')).toBeInTheDocument();
    expect(screen.getByText('per month')).toBeInTheDocument();
    const benefits = within(screen.getByRole('list', { name: 'Premium benefits' })).getAllByRole('listitem');
    await waitFor(() => {
      expect(benefits.map((item) => item.textContent)).toContain('1,000 credits per month');
    });
    expect(benefits.map((item) => item.textContent)).toEqual([
      'Remove blur',
      'Lifetime save',
      'Generate faster',
      'No watermark',
      'High quality',
      'Modify the look',
      'Multi-creations',
      '1,000 credits per month',
      'Custom model',
    ]);
    expect(screen.getByTestId('plan-credits')).toHaveTextContent(
      'Premium: 1,000 credits per month, renewed with each billing period. Free: 10 credits per day.',
    );
  });

  it('states whatever credits the gateway gives each plan', async () => {
    db.catalog.plans = { freeDaily: 12, proMonthly: 1500 };
    renderApp(routes, { url: '/subscribe' });
    expect(await screen.findByText('1,500 credits per month')).toBeInTheDocument();
    expect(screen.getByTestId('plan-credits')).toHaveTextContent(
      'Premium: 1,500 credits per month, renewed with each billing period. Free: 12 credits per day.',
    );
  });

  it("sends the pay button to the gateway's checkout URL", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp(routes, { url: '/subscribe', user: ada });
    await user.click(await screen.findByRole('button', { name: 'Pay $9.99 per month' }));

    await waitFor(() => {
      expect(assign).toHaveBeenCalledExactlyOnceWith('http://127.0.0.1:8080/checkout/test/cs_test_123');
    });
    const checkout = requestsTo('POST', '/api/v1/checkout');
    expect(checkout).toHaveLength(1);
    expect(checkout[0]?.authorization).toBe('Bearer token-for-uid-1');
    // The browser no longer writes the plan: nothing but the checkout call was made.
    expect(requestsTo('POST', '/api/v1/me')).toHaveLength(0);
  });

  it("tells a pro user 'You are already subscribed to Premium.' instead of the pay button", async () => {
    renderApp(routes, { url: '/subscribe', user: ada, plan: 'pro' });
    expect(await screen.findByText('You are already subscribed to Premium.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('shows the pro state when the gateway says the user subscribed meanwhile', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    server.use(
      http.post('/api/v1/checkout', () => {
        db.plan = 'pro';
        return fail('POST /api/v1/checkout', 409, 'already_subscribed', 'You are already subscribed to Premium.');
      }),
    );
    const { user } = renderApp(routes, { url: '/subscribe', user: ada });
    await user.click(await screen.findByRole('button', { name: 'Pay $9.99 per month' }));

    expect(await screen.findByText('You are already subscribed to Premium.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks a guest to log in first, coming back here', async () => {
    renderApp(routes, { url: '/subscribe' });
    expect(await screen.findByRole('link', { name: 'Log in to subscribe' })).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Fsubscribe',
    );
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it("shows the gateway's message when checkout fails", async () => {
    server.use(
      http.post('/api/v1/checkout', () =>
        fail('POST /api/v1/checkout', 503, 'stripe_unavailable', 'Payments are down, try again soon'),
      ),
    );
    const { user } = renderApp(routes, { url: '/subscribe', user: ada });
    await user.click(await screen.findByRole('button', { name: 'Pay $9.99 per month' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Payments are down, try again soon');
    expect(screen.getByRole('button', { name: 'Pay $9.99 per month' })).toBeEnabled();
  });
});

/** The gateway's words while the processor has not completed the session (src/billing/error.rs). */
const INCOMPLETE = 'the payment is not complete yet (status open, payment unpaid)';
const CONFIRMED = 'Payment confirmed: Premium is active. Your images are sharp now, and you can download them.';
const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('Payment success page', () => {
  it('confirms the session on arrival and shows Premium without a click', async () => {
    renderApp(routes, { url: '/success?session_id=cs_test_123', user: ada });

    expect(await screen.findByText(CONFIRMED)).toHaveAttribute('role', 'status');
    expect(await within(nav()).findByRole('link', { name: 'Premium' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Go Premium' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed' })).not.toBeInTheDocument();
    const posted = requestsTo('POST', '/api/v1/payment-success');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual({ sessionId: 'cs_test_123', firebaseId: 'uid-1' });
    expect(posted[0]?.authorization).toBe('Bearer token-for-uid-1');
  });

  it('keeps asking, with a backoff, until the gateway has the payment', async () => {
    useFakeTimeouts();
    let answers = 0;
    server.use(
      http.post('/api/v1/payment-success', ({ response }) => {
        answers += 1;
        if (answers < 3) {
          return fail('POST /api/v1/payment-success', 409, 'payment_incomplete', INCOMPLETE);
        }
        db.plan = 'pro';
        return response(200).json({ message: 'Payment confirmed. Welcome to Premium!', plan: 'pro' });
      }),
    );
    renderApp(routes, { url: '/success?session_id=cs_test_123', user: ada, fakeTimers: true });
    await settle();
    const status = screen.getByText('Confirming your payment…');
    expect(status).toHaveAttribute('role', 'status');
    expect(answers).toBe(1);
    advance(CONFIRMATION_RETRY_DELAYS_MS[0]);
    await settle();
    expect(answers).toBe(2);
    advance(CONFIRMATION_RETRY_DELAYS_MS[1]);
    await settle();

    expect(answers).toBe(3);
    // The region that said it was waiting says it is done, so a screen reader announces it.
    await waitFor(() => {
      expect(status).toHaveTextContent(CONFIRMED);
    });
    expect(await within(nav()).findByRole('link', { name: 'Premium' })).toBeInTheDocument();
  });

  it('keeps saying the payment is confirmed until the user moves on, then Start creating opens Generate', async () => {
    useRunningFakeTimeouts();
    const { router, user } = renderApp(routes, { url: '/success?session_id=cs_test_123', user: ada, fakeTimers: true });
    expect(await screen.findByText(CONFIRMED)).toHaveAttribute('role', 'status');

    // A minute later, nothing has moved the user on.
    advance(60_000);
    await settle();
    expect(router.state.location.pathname).toBe('/success');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText(CONFIRMED)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'See your plan' })).toHaveAttribute('href', '/profile');

    await user.click(screen.getByRole('link', { name: 'Start creating' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/generate');
    });
  });

  it("takes Premium granted by the processor's webhook meanwhile", async () => {
    let answers = 0;
    server.use(
      http.post('/api/v1/payment-success', () => {
        answers += 1;
        // The webhook got there first; this check still sees the session open.
        db.plan = 'pro';
        return fail('POST /api/v1/payment-success', 409, 'payment_incomplete', INCOMPLETE);
      }),
    );
    renderApp(routes, { url: '/success?session_id=cs_test_123', user: ada });
    expect(await screen.findByText(CONFIRMED)).toHaveAttribute('role', 'status');
    expect(await within(nav()).findByRole('link', { name: 'Premium' })).toBeInTheDocument();
    expect(answers).toBe(1);
  });

  it('gives up after its bounded backoff, saying so, and checks again on request', async () => {
    useFakeTimeouts();
    let answers = 0;
    server.use(
      http.post('/api/v1/payment-success', ({ response }) => {
        answers += 1;
        return db.plan === 'pro'
          ? response(200).json({ message: 'Payment confirmed. Welcome to Premium!', plan: 'pro' })
          : fail('POST /api/v1/payment-success', 409, 'payment_incomplete', INCOMPLETE);
      }),
    );
    const { router, user } = renderApp(routes, { url: '/success?session_id=cs_test_123', user: ada, fakeTimers: true });
    /** Lets the page's work run, without moving the clock, until the gateway was asked `count` times. */
    const asked = async (count: number) => {
      for (let turn = 0; turn < 100 && answers < count; turn++) await settle(1);
      expect(answers).toBe(count);
    };
    for (const [attempt, delay] of CONFIRMATION_RETRY_DELAYS_MS.entries()) {
      await asked(attempt + 1);
      // Not a moment early.
      advance(delay - 1);
      await settle();
      expect(answers).toBe(attempt + 1);
      advance(1);
    }
    await asked(CONFIRMATION_RETRY_DELAYS_MS.length + 1);
    await settle();
    // TanStack Query hands its updates to React on a timeout.
    advance(0);

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your payment has not been confirmed yet; this is taking longer than usual.');
    expect(within(alert).getByRole('link', { name: 'contact support' })).toHaveAttribute('href', '/support');
    const all = CONFIRMATION_RETRY_DELAYS_MS.length + 1;
    // Given up: no more asking on its own.
    advance(60_000);
    await settle();
    expect(answers).toBe(all);
    expect(router.state.location.pathname).toBe('/success');
    expect(within(nav()).getByRole('link', { name: 'Go Premium' })).toBeInTheDocument();

    db.plan = 'pro';
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => {
      expect(screen.getByText(CONFIRMED)).toHaveAttribute('role', 'status');
    });
    expect(router.state.location.pathname).toBe('/success');
    expect(answers).toBe(all + 1);
  });

  it('shows a failure that asking again cannot mend at once, with a way to support', async () => {
    let answers = 0;
    server.use(
      http.post('/api/v1/payment-success', () => {
        answers += 1;
        return fail('POST /api/v1/payment-success', 403, 'session_not_yours', 'this checkout session belongs to another account');
      }),
    );
    const { router } = renderApp(routes, { url: '/success?session_id=cs_test_123', user: ada });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('this checkout session belongs to another account');
    expect(within(alert).getByRole('link', { name: 'contact support' })).toHaveAttribute('href', '/support');
    expect(answers).toBe(1);
    expect(router.state.location.pathname).toBe('/success');
  });

  it('says there is nothing to confirm without a session id', async () => {
    renderApp(routes, { url: '/success', user: ada });
    expect(await screen.findByRole('alert')).toHaveTextContent('no payment session');
    expect(screen.getByRole('link', { name: 'Check your payment' })).toHaveAttribute('href', '/payment');
    expect(requestsTo('POST', '/api/v1/payment-success')).toHaveLength(0);
  });
});

/** The gateway's words for a suspended account's checkout (src/billing/error.rs). */
const SUSPENDED_CHECKOUT =
  'generation is suspended for this account until our staff have reviewed it, so Premium cannot be bought now';

describe('Subscribe page, suspended account', () => {
  it('says why the account cannot subscribe, with the way to a review, and offers no pay button', async () => {
    const suspension = makeSuspension();
    db.suspension = suspension;
    renderApp(routes, { url: '/subscribe', user: ada });

    const notice = await screen.findByRole('region', { name: 'Account suspended' });
    expect(notice).toHaveTextContent('You cannot subscribe while your account is suspended.');
    expect(notice).toHaveTextContent(`since ${formatDateTime(suspension.since)}: 5 refused requests in 24 hours.`);
    expect(notice).toHaveTextContent(suspension.review);
    expect(within(notice).getByRole('link', { name: /support/i })).toHaveAttribute(
      'href',
      supportMailto('Review of the suspension of ada@example.com'),
    );
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(requestsTo('POST', '/api/v1/checkout')).toHaveLength(0);
  });

  it('shows the suspension when the gateway refuses a checkout for it', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    server.use(
      http.post('/api/v1/checkout', () => {
        db.suspension = makeSuspension();
        return fail('POST /api/v1/checkout', 403, 'account_suspended', SUSPENDED_CHECKOUT);
      }),
    );
    const { user } = renderApp(routes, { url: '/subscribe', user: ada });
    await user.click(await screen.findByRole('button', { name: 'Pay $9.99 per month' }));

    expect(await screen.findByRole('region', { name: 'Account suspended' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('Payment confirmation page', () => {
  it('verifies the last checkout session again for a paid user still on free', async () => {
    db.subscription = { sessionId: 'cs_test_456' };
    const { user } = renderApp(routes, { url: '/payment', user: ada });
    await user.click(await screen.findByRole('button', { name: 'Check my payment' }));

    expect(await screen.findByText(/Your Premium subscription is active/)).toBeInTheDocument();
    expect(requestsTo('POST', '/api/v1/payment-success')[0]?.body).toEqual({
      sessionId: 'cs_test_456',
      firebaseId: 'uid-1',
    });
  });

  it('says so when there is no payment to check', async () => {
    const { user } = renderApp(routes, { url: '/payment', user: ada });
    await user.click(await screen.findByRole('button', { name: 'Check my payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find a payment for this account.');
    expect(requestsTo('POST', '/api/v1/payment-success')).toHaveLength(0);
  });
});
