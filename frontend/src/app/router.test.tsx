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
    ['/generate', 'Generate'],
    ['/GENERATE', 'Generate'],
    ['/login', 'Login'],
    ['/Terms-Of-Service', 'Terms of Service'],
  ])('matches %s ignoring case', async (url, title) => {
    const { router } = renderApp(routes, { url });
    expect(await heading(title)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(url);
  });

  it('says a cancelled checkout was cancelled on /cancel, with the way back to Premium and home', async () => {
    renderApp(routes, { url: '/cancel' });
    expect(await heading('Checkout cancelled')).toBeInTheDocument();
    expect(screen.getByText(/nothing was charged and your plan has not changed/)).toBeInTheDocument();
    expect(screen.queryByText('Something Went Wrong')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Premium' })).toHaveAttribute('href', '/Subscribe');
    expect(screen.getByRole('link', { name: 'Go To Homepage' })).toHaveAttribute('href', '/');
  });

  it('keeps the nav bar on every page', async () => {
    renderApp(routes, { url: '/support' });
    expect(await heading('Customer Support')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('goes to /Generate after logging in', async () => {
    fakeAuth.addAccount({ email: 'ada@example.com', password: 'right-password', displayName: 'Ada' });
    const { user, router } = renderApp(routes, { url: '/Login' });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await heading('Generate')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Generate');
    expect(screen.getByTestId('nav-user')).toHaveTextContent('Ada');
  });

  it('goes to /Generate after registering, greeting the new user by name', async () => {
    const { user, router } = renderApp(routes, { url: '/Register' });
    await user.type(await screen.findByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByLabelText('I am 18 or older'));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await heading('Generate')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Generate');
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
    const { user, router } = renderApp(routes, { url: '/Login?redirectTo=//evil.example' });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await heading('Generate')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Generate');
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
    ['/Subscribe', 'Premium'],
    ['/subscribe', 'Premium'],
    ['/generation', 'Your images'],
    ['/PRIVACY-POLICY', 'Privacy Policy'],
    ['/Cancellation', 'Cancellation and Refund Policy'],
    ['/Support', 'Customer Support'],
    ['/Register', 'Register'],
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
