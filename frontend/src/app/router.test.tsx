import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { RootLayout } from '@/components/layouts/root-layout';
import { fakeAuth } from '@/testing/fake-firebase';
import { renderApp } from '@/testing/render-app';

import { ErrorPage } from './routes/error';
import { routes } from './router';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('app routes', () => {
  it('shows the product name and tagline on the landing page', async () => {
    renderApp(routes, { url: '/' });
    expect(await heading('Lucent')).toBeInTheDocument();
    expect(screen.getByText('Turn a few words into a realistic image.')).toBeInTheDocument();
  });

  it('redirects an unknown path to the landing page', async () => {
    const { router } = renderApp(routes, { url: '/no/such/page' });
    expect(await heading('Lucent')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['/Generate?from=mail#form', '/generate', 'Generate'],
    ['/GENERATE', '/generate', 'Generate'],
    ['/Generation', '/generation', 'Your images'],
    ['/Subscribe?from=mail', '/subscribe', 'Premium'],
    ['/Register#top', '/register', 'Register'],
    ['/Login?redirectTo=%2Fprofile', '/login', 'Login'],
    ['/terms-of-Service#plans', '/terms-of-service', 'Terms of Service'],
    ['/Terms-Of-Service/', '/terms-of-service', 'Terms of Service'],
    ['/Support', '/support', 'Customer Support'],
  ])('moves the old address %s to %s, keeping its search and hash, in place of it', async (url, pathname, title) => {
    const { router } = renderApp(routes, { url });
    expect(await heading(title)).toBeInTheDocument();
    const { search, hash } = new URL(url, 'http://localhost');
    expect(router.state.location).toMatchObject({ pathname, search, hash });
    // Replaced, not pushed: Back does not return to the old address, only to bounce again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends an old address to the login page by its new path, asking for the new one back', async () => {
    const { router } = renderApp(routes, { url: '/Payment?from=mail' });
    expect(await heading('Login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirectTo=${encodeURIComponent('/payment?from=mail')}`);
  });

  it('opens every page at its lower-case path as it is, with no redirect', async () => {
    const { router } = renderApp(routes, { url: '/terms-of-service?from=link#plans' });
    expect(await heading('Terms of Service')).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/terms-of-service', search: '?from=link', hash: '#plans' });
    expect(router.state.historyAction).toBe('POP');
  });

  it('says a cancelled checkout was cancelled on /cancel, with the way back to Premium and home', async () => {
    renderApp(routes, { url: '/cancel' });
    expect(await heading('Checkout cancelled')).toBeInTheDocument();
    expect(screen.getByText(/nothing was charged and your plan has not changed/)).toBeInTheDocument();
    expect(screen.queryByText('Something Went Wrong')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Premium' })).toHaveAttribute('href', '/subscribe');
    expect(screen.getByRole('link', { name: 'Go To Homepage' })).toHaveAttribute('href', '/');
  });

  it('keeps the nav bar on every page', async () => {
    renderApp(routes, { url: '/support' });
    expect(await heading('Customer Support')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('goes to /generate after logging in', async () => {
    fakeAuth.addAccount({ email: 'ada@example.com', password: 'right-password', displayName: 'Ada' });
    const { user, router } = renderApp(routes, { url: '/login' });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await heading('Generate')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/generate');
    expect(screen.getByTestId('nav-user')).toHaveTextContent('Ada');
  });

  it('goes to /generate after registering, greeting the new user by name', async () => {
    const { user, router } = renderApp(routes, { url: '/register' });
    await user.type(await screen.findByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByLabelText('I am 18 or older'));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await heading('Generate')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/generate');
    expect(screen.getByTestId('nav-user')).toHaveTextContent('Ada');
  });

  it('sends a guest from /profile to login, and back after logging in', async () => {
    fakeAuth.addAccount({ email: 'ada@example.com', password: 'right-password' });
    const { user, router } = renderApp(routes, { url: '/profile' });
    expect(await heading('Login')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirectTo=%2Fprofile');

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await heading('Your profile')).toBeInTheDocument();
  });

  it('ignores a redirect to another site after logging in', async () => {
    fakeAuth.addAccount({ email: 'ada@example.com', password: 'right-password' });
    const { user, router } = renderApp(routes, { url: '/login?redirectTo=//evil.example' });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await heading('Generate')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/generate');
  });

  it('lets a signed-in user open /profile directly', async () => {
    renderApp(routes, { url: '/profile', user: { email: 'ada@example.com' } });
    expect(await heading('Your profile')).toBeInTheDocument();
  });

  it('shows a friendly error page, with the nav bar, when a page fails to render', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    renderApp([
      { path: '/', Component: RootLayout, children: [{ errorElement: <ErrorPage />, children: [{ index: true, Component: Broken }] }] },
    ]);
    expect(await heading('Something broke on this page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the homepage' })).toHaveAttribute('href', '/');
    expect(await within(screen.getByRole('navigation', { name: 'Main' })).findByText('Guest')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });

  it.each([
    ['/subscribe', 'Premium'],
    ['/generation', 'Your images'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/PRIVACY-POLICY', 'Privacy Policy'],
    ['/cancellation', 'Cancellation and Refund Policy'],
    ['/Cancellation', 'Cancellation and Refund Policy'],
    ['/support', 'Customer Support'],
    ['/register', 'Register'],
    ['/account-deleted', 'Your account was deleted'],
  ])('opens %s', async (url, title) => {
    renderApp(routes, { url });
    expect(await heading(title)).toBeInTheDocument();
  });

  it('states both refund readings on /cancellation', async () => {
    renderApp(routes, { url: '/cancellation' });
    const main = within(await screen.findByRole('main'));
    await heading('Cancellation and Refund Policy');
    expect(main.getByText(/Monthly plans:/).closest('li')).toHaveTextContent('within 7 days');
    expect(main.getByText(/Annual plans:/).closest('li')).toHaveTextContent('within 30 days');
    expect(main.getByText(/Unused subscriptions:/).closest('li')).toHaveTextContent('within 14 days');
    expect(screen.getByRole('main')).toHaveTextContent('within 2 business days');
    expect(screen.getByRole('main')).toHaveTextContent('no cancellation fees');
    expect(screen.getByRole('main')).toHaveTextContent('keep Premium until the end of the billing cycle');
  });

  it('offers a support mail link with a subject on /support', async () => {
    renderApp(routes, { url: '/support' });
    await heading('Customer Support');
    const link = screen.getByRole('link', { name: 'Email support' });
    expect(link.getAttribute('href')).toBe('mailto:support@lucent.example?subject=Lucent%20support%20request');
  });

  it('sends a guest from /success to login, keeping the session id', async () => {
    const { router } = renderApp(routes, { url: '/success?session_id=cs_1' });
    expect(await heading('Login')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirectTo=%2Fsuccess%3Fsession_id%3Dcs_1');
  });
});
