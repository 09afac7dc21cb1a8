import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/render-app';

import { Footer } from './footer';

describe('Footer', () => {
  it('links the policies and support', () => {
    renderApp(<Footer />);
    const links = within(screen.getByRole('navigation', { name: 'Policies and help' }));
    expect(links.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(links.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    expect(links.getByRole('link', { name: 'Cancellation & Refunds' })).toHaveAttribute('href', '/cancellation');
    expect(links.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
  });

  it('has a mail link to support with a subject', () => {
    renderApp(<Footer />);
    const mail = screen.getByRole('link', { name: 'support@lucent.example' });
    const href = new URL(mail.getAttribute('href') ?? '');
    expect(href.protocol).toBe('mailto:');
    expect(href.pathname).toBe('support@lucent.example');
    expect(href.searchParams.get('subject')).toBe('Lucent support request');
  });
});
