import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { POLL_MS } from '@/features/age-check/hooks/use-age-check';
import { browser } from '@/lib/browser';
import { formatDateTime } from '@/lib/format';
import { db, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { AGE_CHECKED_AT } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';
import { settle } from '@/testing/timers';

import { routes } from '../router';

const ada = { email: 'ada@example.com', displayName: 'Ada' };
const START = '/api/v1/me/age-check';
/** Where the Generate page asks to come back to, its explicit style chosen. */
const BACK = '/generate?style=nsfw-v1.1';
const PROVIDER = 'http://127.0.0.1:8080/age-check/test/inq_test_1';

/** /verify-age as the provider's flow sends Ada back to it. */
async function openVerifyAge(returnTo = BACK) {
  const view = renderApp(routes, { url: `/verify-age?${new URLSearchParams({ returnTo }).toString()}`, user: ada });
  await screen.findByRole('heading', { level: 1, name: 'Verify your age' });
  return view;
}

const headline = () => screen.findByText(/^(Your age|Checking…)/, { selector: '[role="status"] strong' });
const meRequests = () => requestsTo('GET', '/api/v1/me').length;

describe('/verify-age', () => {
  it('tells an unverified user why, and leaves for the provider with the way back', async () => {
    db.ageCheck = { status: 'unverified', checkedAt: null, required: true };
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = await openVerifyAge();

    expect(await headline()).toHaveTextContent('Your age is not verified yet.');
    expect(screen.getByText(/requires an identity verification provider to confirm that someone is an adult/)).toBeInTheDocument();
    expect(screen.getByText(/Lucent never stores your document or your birth date\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify your age' }));

    await waitFor(() => {
      expect(assign).toHaveBeenCalledExactlyOnceWith(PROVIDER);
    });
    expect(requestsTo('POST', START).map((request) => request.body)).toEqual([{ returnTo: BACK }]);
    expect(screen.getByRole('button', { name: 'Opening…' })).toBeDisabled();
  });

  it('asks for the status every 2 seconds while the check is pending, then shows it verified', async () => {
    // Only the interval TanStack Query polls with: the network and React keep their real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    db.ageCheck = { status: 'pending', checkedAt: Date.UTC(2026, 10, 26, 10), required: true };
    await openVerifyAge();

    expect(await headline()).toHaveTextContent('Checking…');
    expect(
      screen.getByText(`Your age check started on ${formatDateTime(Date.UTC(2026, 10, 26, 10))}.`, { exact: false }),
    ).toBeInTheDocument();
    const loaded = meRequests();

    // Testing Library's own polling uses the faked interval too: the answers are awaited with settle().
    act(() => {
      vi.advanceTimersByTime(POLL_MS);
    });
    await settle();
    expect(meRequests()).toBe(loaded + 1);
    expect(await headline()).toHaveTextContent('Checking…');

    db.ageCheck = { status: 'verified', checkedAt: AGE_CHECKED_AT, required: true };
    act(() => {
      vi.advanceTimersByTime(POLL_MS);
    });
    await settle();
    expect(await headline()).toHaveTextContent('Your age is verified.');
    expect(screen.getByText(`Verified on ${formatDateTime(AGE_CHECKED_AT)}. You can make and see explicit images.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', BACK);

    // Decided: no more asking.
    act(() => {
      vi.advanceTimersByTime(POLL_MS * 3);
    });
    await settle();
    expect(meRequests()).toBe(loaded + 2);
  });

  it('resumes a pending check: the same inquiry, with the same way back', async () => {
    db.ageCheck = { status: 'pending', checkedAt: Date.now(), required: true };
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = await openVerifyAge();
    await user.click(await screen.findByRole('button', { name: 'Resume verification' }));

    await waitFor(() => {
      expect(assign).toHaveBeenCalledOnce();
    });
    expect(requestsTo('POST', START).map((request) => request.body)).toEqual([{ returnTo: BACK }]);
  });

  it('says what is left when the provider declined: other styles, and support from the profile', async () => {
    db.ageCheck = { status: 'declined', checkedAt: AGE_CHECKED_AT, required: true };
    await openVerifyAge();

    expect(await headline()).toHaveTextContent('Your age could not be verified.');
    expect(
      screen.getByText(
        `The provider declined the check on ${formatDateTime(AGE_CHECKED_AT)}, so Lucent cannot make or show explicit images for you.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('You can still use every style that is not explicit.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Go to Generate' })).toHaveAttribute('href', '/generate');
    expect(screen.queryByRole('button', { name: 'Verify your age' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it.each(['https://evil.example/x', '//evil.example', '/\\evil.example', 'generate', '/a\nb'])(
    'goes on only to a path of this app, not to %j',
    async (returnTo) => {
      await openVerifyAge(returnTo);
      expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/generate');
    },
  );

  it('says why a check cannot start now', async () => {
    db.ageCheck = { status: 'unverified', checkedAt: null, required: true };
    server.use(http.post(START, () => fail('POST /api/v1/me/age-check', 429, 'rate_limited', 'too many requests')));
    const assign = vi.spyOn(browser, 'assign');
    const { user } = await openVerifyAge();
    await user.click(await screen.findByRole('button', { name: 'Verify your age' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have started several age checks in a short time. Try again in a few minutes.',
    );
    expect(screen.getByRole('button', { name: 'Verify your age' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the age verified when the gateway knows it was meanwhile (409)', async () => {
    db.ageCheck = { status: 'unverified', checkedAt: null, required: true };
    server.use(
      http.post(START, () => {
        db.ageCheck = { status: 'verified', checkedAt: AGE_CHECKED_AT, required: true };
        return fail('POST /api/v1/me/age-check', 409, 'age_already_verified', 'your age is already verified');
      }),
    );
    const { user } = await openVerifyAge();
    await user.click(await screen.findByRole('button', { name: 'Verify your age' }));

    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute('href', BACK);
    expect(await headline()).toHaveTextContent('Your age is verified.');
  });

  it('goes straight on where this server does not check ages', async () => {
    db.ageCheck = { status: 'unverified', checkedAt: null, required: false };
    const { router } = renderApp(routes, { url: `/verify-age?returnTo=${encodeURIComponent(BACK)}`, user: ada });

    expect(await screen.findByRole('heading', { level: 1, name: 'Generate' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /NSFW V1\.1/ })).toBeChecked();
    // The form keeps the style from then on; the address no longer needs to say it.
    expect(router.state.location.pathname + router.state.location.search).toBe('/generate');
  });

  it('sends a guest to log in, and back here after', async () => {
    const { router } = renderApp(routes, { url: `/verify-age?returnTo=${encodeURIComponent(BACK)}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(
      `/verify-age?returnTo=${encodeURIComponent(BACK)}`,
    );
  });
});
