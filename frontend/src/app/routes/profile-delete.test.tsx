import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { signIn } from '@/lib/firebase';
import { fakeAuth } from '@/testing/fake-firebase';
import { db, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { makeGeneration } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';

import { routes } from '../router';

const ada = { email: 'ada@example.com', displayName: 'Ada', password: 'secret-password' };
// The gateway's words for an account under review (src/account/deletion.rs).
const HELD =
  "Your images, your refused requests and your profile are kept while our staff review this account under the content rules; they are deleted with the review's end.";

async function openDeletion() {
  const view = renderApp(routes, { url: '/profile', user: ada });
  const data = within(await screen.findByRole('region', { name: 'Your data' }));
  await view.user.click(data.getByRole('button', { name: 'Delete my account' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Delete your account?' }));
  return {
    ...view,
    dialog,
    email: dialog.getByRole('textbox', { name: "Your account's email" }),
    confirm: dialog.getByRole('button', { name: 'Yes, delete my account' }),
  };
}

describe('Profile page: deleting the account', () => {
  it('names what goes and what may be kept, starts at the email field and closes with Escape', async () => {
    const { user, dialog, email } = await openDeletion();
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(
      /your subscription, cancelled at once \(no refund for the period begun\);.*every image you made;.*your history, credits and profile;.*your sign-in/s,
    );
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(
      /images and refused requests stay until the review ends.*a note that the account was deleted, without any prompt/s,
    );
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription('Type ada@example.com to confirm.');
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toHaveFocus();
    expect(requestsTo('DELETE', '/api/v1/me')).toHaveLength(0);
  });

  it('keeps the delete button disabled until the typed email is the account’s, whatever its case and spaces', async () => {
    const { user, email, confirm } = await openDeletion();
    expect(confirm).toBeDisabled();
    await user.type(email, 'ada@example.co');
    expect(confirm).toBeDisabled();
    await user.type(email, 'm.uk');
    expect(confirm).toBeDisabled();
    await user.clear(email);
    await user.type(email, '  ADA@Example.com ');
    expect(confirm).toBeEnabled();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(requestsTo('DELETE', '/api/v1/me')).toHaveLength(1);
    });
    expect(requestsTo('DELETE', '/api/v1/me')[0]).toMatchObject({
      body: { email: 'ADA@Example.com' },
      authorization: 'Bearer token-for-uid-1',
    });
  });

  it('signs out and shows that the account was deleted; the gateway has no profile, images or sign-in left', async () => {
    db.history = [makeGeneration({ prompt: 'A red fox' })];
    const { user, router, email, confirm } = await openDeletion();
    await user.type(email, 'ada@example.com');
    await user.click(confirm);

    expect(await screen.findByRole('heading', { level: 1, name: 'Your account was deleted' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account-deleted');
    expect(screen.getByRole('main')).toHaveTextContent(/Everything is gone:/);
    expect(await within(screen.getByRole('navigation', { name: 'Main' })).findByText('Guest')).toBeInTheDocument();
    expect(fakeAuth.signedInUser()).toBeNull();
    expect(db.profileMissing).toBe(true);
    expect(db.history).toEqual([]);
    await expect(signIn(ada.email, ada.password)).rejects.toThrow('auth/invalid-credential');
  });

  it('lists what the gateway kept, and why, on the deleted page', async () => {
    server.use(http.delete('/api/v1/me', ({ response }) => response(200).json({ kept: [HELD] })));
    const { user, email, confirm } = await openDeletion();
    await user.type(email, 'ada@example.com');
    await user.click(confirm);

    const main = within(await screen.findByRole('main'));
    expect(await main.findByText('Everything else is gone. What was kept, and why:')).toBeInTheDocument();
    expect(main.getByRole('listitem')).toHaveTextContent(HELD);
  });

  it("shows the gateway's refusal of the email on the field and stays signed in", async () => {
    server.use(
      http.delete('/api/v1/me', () =>
        fail('DELETE /api/v1/me', 422, 'invalid_field', "email: type the account's email to confirm the deletion"),
      ),
    );
    const { user, email, confirm } = await openDeletion();
    await user.type(email, 'ada@example.com');
    await user.click(confirm);

    await waitFor(() => {
      expect(email).toHaveAccessibleDescription(/^type the account's email to confirm the deletion/);
    });
    expect(email).toBeInvalid();
    expect(email).toHaveFocus();
    expect(fakeAuth.signedInUser()).not.toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says to try again when a step could not finish, and asking again finishes it', async () => {
    let down = true;
    let asked = 0;
    server.use(
      http.delete('/api/v1/me', () => {
        asked++;
        if (!down) return undefined;
        const answer = fail('DELETE /api/v1/me', 503, 'dependency_unavailable', 'the payment provider: timed out');
        answer.headers.set('Retry-After', '5');
        return answer;
      }),
    );
    const { user, dialog, email, confirm } = await openDeletion();
    await user.type(email, 'ada@example.com');
    await user.click(confirm);

    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The deletion did not finish: the payment provider: timed out. Try again: it finishes what was started.',
    );
    expect(fakeAuth.signedInUser()).not.toBeNull();

    down = false;
    await user.click(confirm);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account was deleted' })).toBeInTheDocument();
    expect(asked).toBe(2);
  });
});
