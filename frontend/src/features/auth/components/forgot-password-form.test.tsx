import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { fakeAuth } from '@/testing/fake-firebase';
import { renderApp } from '@/testing/render-app';

import { ForgotPasswordForm, RESET_SENT } from './forgot-password-form';

async function request(email: string) {
  const { user } = renderApp(<ForgotPasswordForm />);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('ForgotPasswordForm', () => {
  it('sends a link that continues to our reset page', async () => {
    fakeAuth.addAccount({ email: 'ada@example.com' });
    await request('  ada@example.com ');
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_SENT);
    expect(fakeAuth.resetLinks()).toEqual([
      expect.objectContaining({ email: 'ada@example.com', continueUrl: `${window.location.origin}/reset-password` }),
    ]);
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('says the same words for an email without an account, and sends nothing', async () => {
    await request('nobody@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for that email, we sent a link to choose a new password.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fakeAuth.resetLinks()).toHaveLength(0);
  });

  it.each([
    ['', 'Please enter your email.'],
    ['ada@example', 'Please provide a valid email'],
  ])('checks the email %j before asking', async (email, message) => {
    fakeAuth.addAccount({ email: 'ada@example.com' });
    await request(email);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(fakeAuth.resetLinks()).toHaveLength(0);
  });

  it('says in plain words why a link could not be sent, and lets the user try again', async () => {
    fakeAuth.addAccount({ email: 'ada@example.com' });
    fakeAuth.failNext('too-many-requests', 'sendPasswordReset');
    await request('ada@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(screen.queryByText(RESET_SENT)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });
});
