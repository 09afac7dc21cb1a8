import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { setViewport } from '@/testing/media';
import { renderApp } from '@/testing/render-app';

import { NavBar } from './nav-bar';

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('NavBar', () => {
  it('shows no identity until the saved session is restored', () => {
    renderApp(<NavBar />, { user: { email: 'ada@example.com', displayName: 'Ada' } });
    expect(screen.getByTestId('nav-user')).toHaveAttribute('aria-busy', 'true');
    expect(within(nav()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('greets a guest and offers Login and Register', async () => {
    renderApp(<NavBar />);
    expect(await within(nav()).findByText('Guest')).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav()).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(within(nav()).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it("shows the display name and 'Sign out' when signed in", async () => {
    renderApp(<NavBar />, { user: { email: 'ada@example.com', displayName: 'Ada' } });
    expect(await within(nav()).findByText('Ada')).toBeInTheDocument();
    expect(within(nav()).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: /log ?out/i })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });

  it("links a signed-in user's images as 'My images'", async () => {
    renderApp(<NavBar />, { user: { email: 'ada@example.com', displayName: 'Ada' } });
    expect(await within(nav()).findByRole('link', { name: 'My images' })).toHaveAttribute('href', '/generation');
  });

  it("offers a guest no 'My images'", async () => {
    renderApp(<NavBar />);
    expect(await within(nav()).findByText('Guest')).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'My images' })).not.toBeInTheDocument();
  });

  it("links Generate, How it works and Pricing, and About to the landing page's 'Why Lucent', never the terms", () => {
    renderApp(<NavBar />);
    const href = (name: string) => within(nav()).getByRole('link', { name }).getAttribute('href');
    expect(href('Generate')).toBe('/generate');
    expect(href('About')).toBe('/#about');
    expect(href('How it works')).toBe('/#how-it-works');
    expect(href('Pricing')).toBe('/subscribe');
  });

  it('offers no Blog, which does not exist', () => {
    renderApp(<NavBar />);
    expect(within(nav()).queryByRole('link', { name: 'Blog' })).not.toBeInTheDocument();
  });

  it('keeps the menu closed until the toggle opens it, and closes it again', async () => {
    const { user } = renderApp(<NavBar />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu on Escape and when a link is followed', async () => {
    const { user } = renderApp(<NavBar />);
    const toggle = screen.getByRole('button', { name: 'Menu' });

    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.click(within(nav()).getByRole('link', { name: 'Pricing' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('signs out to the homepage as a guest', async () => {
    const { user, router } = renderApp(<NavBar />, {
      user: { email: 'ada@example.com', displayName: 'Ada' },
      url: '/generate',
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await within(nav()).findByText('Guest')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows no 'Premium' link to a guest", async () => {
    renderApp(<NavBar />);
    await within(nav()).findByText('Guest');
    expect(within(nav()).queryByRole('link', { name: /Premium/ })).not.toBeInTheDocument();
  });

  it("offers 'Go Premium' (to /subscribe) to a signed-in free user", async () => {
    renderApp(<NavBar />, { user: { email: 'ada@example.com', displayName: 'Ada' } });
    expect(await within(nav()).findByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/subscribe');
    expect(within(nav()).queryByRole('link', { name: 'Premium' })).not.toBeInTheDocument();
  });

  it("shows 'Premium' (to /profile) to a pro user, as the gateway says", async () => {
    renderApp(<NavBar />, { user: { email: 'ada@example.com', displayName: 'Ada' }, plan: 'pro' });
    expect(await within(nav()).findByRole('link', { name: 'Premium' })).toHaveAttribute('href', '/profile');
    expect(within(nav()).queryByRole('link', { name: 'Go Premium' })).not.toBeInTheDocument();
  });


  it('ignores a proUser flag in browser storage: only the gateway makes a user pro', async () => {
    localStorage.setItem('proUser', 'true');
    try {
      renderApp(<NavBar />, { user: { email: 'ada@example.com', displayName: 'Ada' } });
      expect(await within(nav()).findByRole('link', { name: 'Go Premium' })).toBeInTheDocument();
    } finally {
      localStorage.removeItem('proUser');
    }
  });

  it('links the signed-in name to the profile', async () => {
    renderApp(<NavBar />, { user: { email: 'ada@example.com', displayName: 'Ada' } });
    expect(await within(nav()).findByRole('link', { name: 'Ada' })).toHaveAttribute('href', '/profile');
  });

  it('blurs the page and locks scrolling while the menu is open under 960 px', async () => {
    setViewport({ width: 375 });
    const { user } = renderApp(<NavBar />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(document.documentElement).not.toHaveAttribute('data-menu-open');

    await user.click(toggle);
    expect(document.documentElement).toHaveAttribute('data-menu-open', 'true');
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(toggle);
    expect(document.documentElement).not.toHaveAttribute('data-menu-open');
    expect(document.body.style.overflow).toBe('');
  });

  it('closes the menu when the blurred page behind it is clicked', async () => {
    setViewport({ width: 375 });
    const { user } = renderApp(<NavBar />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    await user.click(screen.getByTestId('menu-backdrop'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.style.overflow).toBe('');
  });

  it('neither blurs nor locks at 960 px and wider, and releases the lock when the window widens', async () => {
    setViewport({ width: 960 });
    const { user } = renderApp(<NavBar />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(document.documentElement).not.toHaveAttribute('data-menu-open');
    expect(document.body.style.overflow).toBe('');

    act(() => {
      setViewport({ width: 959 });
    });
    expect(document.documentElement).toHaveAttribute('data-menu-open', 'true');
    act(() => {
      setViewport({ width: 1440 });
    });
    expect(document.documentElement).not.toHaveAttribute('data-menu-open');
    expect(document.body.style.overflow).toBe('');
  });
});
