import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { fakeAuth, signIn, signOut } from '@/testing/fake-firebase';
import { renderApp } from '@/testing/render-app';

import { routes } from '../router';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const ada = { email: 'ada@example.com', displayName: 'Ada' };
const PASSWORD_CHANGED = 'Your password was changed, and you are signed in with the new one.';

describe('the login and registration pages, signed in', () => {
  it.each(['/login', '/register', '/forgot-password'])('send a signed-in user from %s to Generate', async (url) => {
    const { router } = renderApp(routes, { url, user: ada });
    expect(await heading('Generate')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/generate');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('send a signed-in user on to where the login was to lead', async () => {
    const { router } = renderApp(routes, { url: '/login?redirectTo=%2Fprofile', user: ada });
    expect(await heading('Your profile')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('never to another site', async () => {
    const { router } = renderApp(routes, { url: '/login?redirectTo=%2F%2Fevil.example', user: ada });
    expect(await heading('Generate')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/generate');
  });

  it('show the forms to a guest', async () => {
    renderApp(routes, { url: '/login' });
    expect(await heading('Login')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });
});

describe('the password reset', () => {
  /** Ada's account, with a reset link sent: its code. */
  async function linkSent(): Promise<string> {
    fakeAuth.addAccount({ email: 'ada@example.com', password: 'old-password' });
    const { unmount, user } = renderApp(routes, { url: '/login' });
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await heading('Reset your password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByText(/If an account exists for that email, we sent a link/);
    unmount();
    const link = fakeAuth.resetLinks().at(-1);
    if (!link) throw new Error('no reset link was sent');
    expect(new URL(link.continueUrl).pathname).toBe('/reset-password');
    return link.oobCode;
  }

  it('sets the new password from the link, signs in with it and goes to Generate', async () => {
    const code = await linkSent();
    const { user, router } = renderApp(routes, { url: `/reset-password?oobCode=${code}` });
    expect(await screen.findByText('Checking your link…')).toBeInTheDocument();
    expect(await screen.findByText('ada@example.com', { selector: 'strong' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await heading('Generate')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/generate');
    expect(screen.getByText(PASSWORD_CHANGED).closest('[role="status"]')).toBeInTheDocument();
    expect(fakeAuth.signedInUser()?.email).toBe('ada@example.com');
    // The old password no longer works, and the link is used up.
    await signOut();
    await expect(signIn('ada@example.com', 'old-password')).rejects.toThrow();
    await expect(signIn('ada@example.com', 'new-password')).resolves.toMatchObject({ email: 'ada@example.com' });
    expect(fakeAuth.resetLinks()[0]?.state).toBe('used');
  });

  it('says the password was changed on Generate until the user moves on, and not again on Back', async () => {
    const code = await linkSent();
    const { user, router } = renderApp(routes, { url: `/reset-password?oobCode=${code}` });
    await user.type(await screen.findByLabelText('New password'), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    // Out of the history entry once said: a reload or Back would not say it again.
    await waitFor(() => {
      expect(router.state.location.state).not.toHaveProperty('notice');
    });
    expect(screen.getByText(PASSWORD_CHANGED)).toBeInTheDocument();

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Pricing' }));
    expect(await heading('Premium')).toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_CHANGED)).not.toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await heading('Generate')).toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_CHANGED)).not.toBeInTheDocument();
  });

  it("takes the project's action URL form too (mode=resetPassword)", async () => {
    const code = await linkSent();
    renderApp(routes, { url: `/reset-password?mode=resetPassword&oobCode=${code}&apiKey=key&lang=en` });
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });

  it('checks the new password before using the link up', async () => {
    const code = await linkSent();
    const { user } = renderApp(routes, { url: `/reset-password?oobCode=${code}` });
    await user.type(await screen.findByLabelText('New password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password should be at least 6 characters');
    expect(fakeAuth.resetLinks()[0]?.state).toBe('issued');
  });

  it('says an expired link has expired, with the way to a new one', async () => {
    const code = await linkSent();
    fakeAuth.expireResetLink(code);
    renderApp(routes, { url: `/reset-password?oobCode=${code}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('says a used or unknown link no longer works', async () => {
    renderApp(routes, { url: '/reset-password?oobCode=not-a-code' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is no longer valid');
    expect(screen.getByRole('alert')).not.toHaveTextContent(/firebase|auth\//i);
  });

  it('says what the page is for when opened without a link', async () => {
    renderApp(routes, { url: '/reset-password' });
    expect(await screen.findByText(/open it from the link in the email we sent you/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/login');
  });

  it('ignores a code meant for another action', async () => {
    const code = await linkSent();
    renderApp(routes, { url: `/reset-password?mode=verifyEmail&oobCode=${code}` });
    expect(await screen.findByText(/open it from the link in the email we sent you/)).toBeInTheDocument();
  });

  it('sends to login when the password changed but signing in with it failed', async () => {
    const code = await linkSent();
    const { user, router } = renderApp(routes, { url: `/reset-password?oobCode=${code}` });
    await user.type(await screen.findByLabelText('New password'), 'new-password');
    fakeAuth.failNext('network-request-failed', 'signIn');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('Your password was changed.')).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('link', { name: 'Log in with your new password' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
  });

  it('says in plain words when the link stopped working meanwhile', async () => {
    const code = await linkSent();
    const { user } = renderApp(routes, { url: `/reset-password?oobCode=${code}` });
    await user.type(await screen.findByLabelText('New password'), 'new-password');
    fakeAuth.expireResetLink(code);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });
});
