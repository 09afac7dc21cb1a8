import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { BENEFITS } from '@/features/billing/plan';
import { browser } from '@/lib/browser';
import { db, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';

import { routes } from '../router';

const ada = { email: 'ada@example.com', displayName: 'Ada' };

describe('Subscribe page', () => {
  it('shows the $9.99 monthly price and every pro benefit, in order', async () => {
    renderApp(routes, { url: '/Subscribe' });
    expect(await screen.findByText('$9.99')).toBeInTheDocument();
    expect(screen.getByText('per month')).toBeInTheDocument();
    const benefits = within(screen.getByRole('list', { name: 'Premium benefits' })).getAllByRole('listitem');
    expect(benefits.map((item) => item.textContent)).toEqual([
      'Remove blur',
      'Lifetime save',
      'Generate faster',
      'No watermark',
      'High quality',
      'Modify the look',
      'Multi-creations',
      '100 credits per month',
      'Custom model',
    ]);
    expect(BENEFITS).toHaveLength(9);
  });

  it("sends the pay button to the gateway's checkout URL", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp(routes, { url: '/Subscribe', user: ada });
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
    renderApp(routes, { url: '/Subscribe', user: ada, plan: 'pro' });
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
    const { user } = renderApp(routes, { url: '/Subscribe', user: ada });
    await user.click(await screen.findByRole('button', { name: 'Pay $9.99 per month' }));

    expect(await screen.findByText('You are already subscribed to Premium.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks a guest to log in first, coming back here', async () => {
    renderApp(routes, { url: '/Subscribe' });
    expect(await screen.findByRole('link', { name: 'Log in to subscribe' })).toHaveAttribute(
      'href',
      '/Login?redirectTo=%2FSubscribe',
    );
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it("shows the gateway's message when checkout fails", async () => {
    server.use(
      http.post('/api/v1/checkout', () =>
        fail('POST /api/v1/checkout', 503, 'stripe_unavailable', 'Payments are down, try again soon'),
      ),
    );
    const { user } = renderApp(routes, { url: '/Subscribe', user: ada });
    await user.click(await screen.findByRole('button', { name: 'Pay $9.99 per month' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Payments are down, try again soon');
    expect(screen.getByRole('button', { name: 'Pay $9.99 per month' })).toBeEnabled();
  });
});

describe('Payment success page', () => {
  it('posts {sessionId, firebaseId} on Proceed, then goes to /generate as a pro user', async () => {
    const { user, router } = renderApp(routes, { url: '/success?session_id=cs_test_123', user: ada });
    await user.click(await screen.findByRole('button', { name: 'Proceed' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/generate');
    });
    const posted = requestsTo('POST', '/api/v1/payment-success');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual({ sessionId: 'cs_test_123', firebaseId: 'uid-1' });
    expect(posted[0]?.authorization).toBe('Bearer token-for-uid-1');
    expect(await screen.findByRole('link', { name: 'Premium $' })).toBeInTheDocument();
  });

  it('shows the failure with a way to support', async () => {
    server.use(
      http.post('/api/v1/payment-success', () =>
        fail('POST /api/v1/payment-success', 409, 'payment_incomplete', 'This checkout session has not been paid'),
      ),
    );
    const { user, router } = renderApp(routes, { url: '/success?session_id=cs_test_123', user: ada });
    await user.click(await screen.findByRole('button', { name: 'Proceed' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This checkout session has not been paid');
    expect(within(alert).getByRole('link', { name: 'contact support' })).toHaveAttribute('href', '/support');
    expect(router.state.location.pathname).toBe('/success');
  });

  it('cannot proceed without a session id', async () => {
    renderApp(routes, { url: '/success', user: ada });
    expect(await screen.findByRole('button', { name: 'Proceed' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('no payment session');
  });
});

describe('Payment confirmation page', () => {
  it('verifies the last checkout session again for a paid user still on free', async () => {
    db.subscription = { sessionId: 'cs_test_456' };
    const { user } = renderApp(routes, { url: '/Payment', user: ada });
    await user.click(await screen.findByRole('button', { name: 'Check my payment' }));

    expect(await screen.findByText(/Your Premium subscription is active/)).toBeInTheDocument();
    expect(requestsTo('POST', '/api/v1/payment-success')[0]?.body).toEqual({
      sessionId: 'cs_test_456',
      firebaseId: 'uid-1',
    });
  });

  it('says so when there is no payment to check', async () => {
    const { user } = renderApp(routes, { url: '/Payment', user: ada });
    await user.click(await screen.findByRole('button', { name: 'Check my payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find a payment for this account.');
    expect(requestsTo('POST', '/api/v1/payment-success')).toHaveLength(0);
  });
});
