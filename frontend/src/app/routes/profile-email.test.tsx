import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { fakeAuth } from '@/testing/fake-firebase';
import { requestsTo } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render-app';

import { routes } from '../router';

const ada = { email: 'ada@example.com', displayName: 'Ada' };

describe('The profile’s email line', () => {
  it('sends a link to verify an unverified address, then checks it was followed and reads the profile again', async () => {
    const { user } = renderApp(routes, { url: '/profile', user: ada });
    const line = await screen.findByTestId('profile-email');
    expect(line).toHaveTextContent(/^ada@example\.com · Not verified/);

    await user.click(await screen.findByRole('button', { name: 'Send a verification link' }));

    expect(
      await screen.findByText('We sent a link to ada@example.com. Follow it, then come back here.', { exact: false }),
    ).toBeInTheDocument();
    expect(fakeAuth.verificationLinks()).toEqual([
      { uid: fakeAuth.signedInUser()?.uid, continueUrl: `${window.location.origin}/profile` },
    ]);

    await user.click(screen.getByRole('button', { name: 'I have followed the link' }));
    expect(await screen.findByText(/The link has not been followed yet\./)).toBeInTheDocument();

    const readsBefore = requestsTo('GET', '/api/v1/me').length;
    fakeAuth.verifyEmail(fakeAuth.signedInUser()?.uid ?? '');
    await user.click(screen.getByRole('button', { name: 'I have followed the link' }));

    await waitFor(() => {
      expect(screen.getByTestId('profile-email')).toHaveTextContent(/^ada@example\.com · Verified$/);
    });
    await waitFor(() => {
      expect(requestsTo('GET', '/api/v1/me').length).toBeGreaterThan(readsBefore);
    });
    expect(screen.queryByRole('button', { name: 'Send a verification link' })).not.toBeInTheDocument();
  });

  it('says when the link could not be sent, and offers it again', async () => {
    const { user } = renderApp(routes, { url: '/profile', user: ada });
    fakeAuth.failNext('too-many-requests', 'sendEmailVerification');

    await user.click(await screen.findByRole('button', { name: 'Send a verification link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a few minutes and try again.');
    expect(screen.getByRole('button', { name: 'Send a verification link' })).toBeEnabled();
  });

  it('shows a verified address as verified, with nothing to do', async () => {
    renderApp(routes, { url: '/profile', user: { ...ada, emailVerified: true } });

    expect(await screen.findByTestId('profile-email')).toHaveTextContent(/^ada@example\.com · Verified$/);
    expect(screen.queryByRole('button', { name: 'Send a verification link' })).not.toBeInTheDocument();
  });
});
