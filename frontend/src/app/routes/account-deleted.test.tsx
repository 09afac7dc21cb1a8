import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { client, unwrap } from '@/lib/api-client';
import { ACCOUNT_DELETED } from '@/lib/me';
import { fakeAuth } from '@/testing/fake-firebase';
import { ada } from '@/testing/generate-page';
import { db, requestsTo } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render-app';

import { routes } from '../router';

/** The page a session of a deleted account ends on: signed out, and told to sign up again. */
async function expectLeftDeletedAccount(router: ReturnType<typeof renderApp>['router']) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Your account was deleted' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/account-deleted');
  const main = within(screen.getByRole('main'));
  expect(main.getByText(ACCOUNT_DELETED)).toBeInTheDocument();
  expect(main.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  expect(main.queryByText(/Everything is gone/)).not.toBeInTheDocument();
  expect(await within(screen.getByRole('navigation', { name: 'Main' })).findByText('Guest')).toBeInTheDocument();
  expect(fakeAuth.signedInUser()).toBeNull();
}

describe('A session whose account was deleted', () => {
  it('ends when loading the profile meets the deletion (POST /me answers 410)', async () => {
    // Deleted from another browser: this one keeps its user, and its token, until it signs out.
    fakeAuth.addAccount(ada, true);
    await unwrap(client.DELETE('/api/v1/me', { body: { email: ada.email } }));
    const { router } = renderApp(routes, { url: '/generate' });

    await expectLeftDeletedAccount(router);
    expect(requestsTo('POST', '/api/v1/me')).toHaveLength(1);
  });

  it('ends when confirming 18+ meets the deletion', async () => {
    db.ageConfirmed = false;
    const { user, router } = renderApp(routes, { url: '/generate', user: ada });
    await screen.findByTestId('credits');
    db.accountDeleted = true;
    await user.click(screen.getByRole('radio', { name: /NSFW V1\.1/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'I am 18 or older' }));

    await expectLeftDeletedAccount(router);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ends when registering meets a deletion of the same account', async () => {
    db.accountDeleted = true;
    const { user, router } = renderApp(routes, { url: '/register' });
    await user.type(await screen.findByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), ada.email);
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByLabelText('I am 18 or older'));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await expectLeftDeletedAccount(router);
    expect(requestsTo('POST', '/api/v1/me').map((request) => request.body)).toEqual([
      { username: 'Ada', ageConfirmed: true },
    ]);
  });
});
