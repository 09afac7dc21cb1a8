import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { signIn } from '@/lib/firebase';
import { fakeAuth } from '@/testing/fake-firebase';
import { db, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { makeRefusal, makeSupportImage, makeSupportUser } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { openCard, STAFF_UID } from '@/testing/staff-console';
import type { SupportUser } from '@/types/api';

const UID = 'uid-grace';
const USER = `/api/v1/support/users/${UID}`;
// The gateway's words for an account under review (src/account/deletion.rs).
const HELD =
  "Your images, your refused requests and your profile are kept while our staff review this account under the content rules; they are deleted with the review's end.";

async function openDeletion(user: SupportUser = makeSupportUser()) {
  const view = await openCard(user);
  const form = within(view.card.getByRole('form', { name: 'Delete this account' }));
  return { ...view, form };
}

type Form = Awaited<ReturnType<typeof openDeletion>>['form'];
const reasonBox = (form: Form) => form.getByRole('textbox', { name: 'Reason' });
const reviewButton = (form: Form) => form.getByRole('button', { name: 'Review the deletion' });
const confirmButton = (form: Form) => form.getByRole('button', { name: "Delete grace@example.com's account" });

/** Types the reason, reviews, and confirms the deletion. */
async function deleteWith(view: Awaited<ReturnType<typeof openDeletion>>, reason: string) {
  await view.user.type(reasonBox(view.form), reason);
  await view.user.click(reviewButton(view.form));
  await view.user.click(confirmButton(view.form));
}

describe('Support console: deleting an account', () => {
  it('asks for a reason first, up to 500 characters, without asking the gateway', async () => {
    const { user, form } = await openDeletion();
    expect(reasonBox(form)).toHaveAccessibleDescription('Kept in the audit trail with your email and uid, up to 500 characters.');
    await user.click(reviewButton(form));

    expect(reasonBox(form)).toHaveAttribute('aria-invalid', 'true');
    expect(reasonBox(form)).toHaveAccessibleDescription(/^The reason must say why \(it goes into the audit trail\)\./);
    expect(reasonBox(form)).toHaveFocus();
    expect(form.queryByRole('group', { name: /\?/ })).not.toBeInTheDocument();
    expect(requestsTo('DELETE', USER)).toHaveLength(0);
  });

  it('names the user and everything that goes in the confirmation, and deletes nothing until it is answered', async () => {
    const { user, form } = await openDeletion();
    await user.type(reasonBox(form), 'Asked by email, ticket #12');
    await user.click(reviewButton(form));

    const question = form.getByRole('group', {
      name: 'Delete the account of grace@example.com (uid-grace) for good? This cannot be undone.',
    });
    expect(within(question).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'their subscription, cancelled at once (no refund for the period begun);',
      'every image they made;',
      'their history, credits and profile;',
      'their sign-in: their email and password will no longer log in.',
    ]);
    // Read with the question when the focus lands on the answer.
    expect(question).toHaveAccessibleDescription(/^What goes, at once: their subscription, .* stay until the review ends\./);
    expect(within(question).getByRole('button', { name: "Delete grace@example.com's account" })).toHaveFocus();
    expect(requestsTo('DELETE', USER)).toHaveLength(0);

    await user.keyboard('{Escape}');
    expect(reviewButton(form)).toHaveFocus();
    expect(reasonBox(form)).toHaveValue('Asked by email, ticket #12');
    expect(requestsTo('DELETE', USER)).toHaveLength(0);
  });

  it('deletes the account with the reason, then says so, and the console no longer finds the user', async () => {
    db.supportImages[UID] = [makeSupportImage(UID, { prompt: 'A lighthouse at dawn' })];
    const view = await openDeletion(makeSupportUser({}, { refusals: [makeRefusal(UID)] }));
    const { card } = view;
    const queue = within(screen.getByRole('region', { name: 'Review queue' }));
    expect(await card.findByRole('article', { name: 'A lighthouse at dawn' })).toBeInTheDocument();
    expect(await queue.findByRole('article', { name: /grace@example\.com/ })).toBeInTheDocument();
    await deleteWith(view, 'Asked by email, ticket #12');

    expect(await card.findByRole('heading', { name: 'Account deleted' })).toHaveFocus();
    expect(
      card.getByText(
        'Nothing was kept: the subscription, every image and record, and the sign-in are gone. The audit trail keeps the deletion, with your reason.',
      ),
    ).toBeInTheDocument();
    expect(
      await card.findByText('This account was deleted: there is no user with the uid “uid-grace” any more.'),
    ).toBeInTheDocument();
    expect(card.getByRole('heading', { level: 2, name: 'grace@example.com' })).toBeInTheDocument();
    expect(card.queryByRole('alert')).not.toBeInTheDocument();
    expect(card.queryByRole('form')).not.toBeInTheDocument();
    expect(card.queryByRole('region', { name: 'Images' })).not.toBeInTheDocument();
    expect(await screen.findByText('Nobody matches “grace@example.com”.')).toBeInTheDocument();
    // Its refusals went with it.
    await waitFor(() => {
      expect(queue.queryByRole('article', { name: /grace@example\.com/ })).not.toBeInTheDocument();
    });

    const deletes = requestsTo('DELETE', USER);
    expect(deletes.map((request) => request.body)).toEqual([{ reason: 'Asked by email, ticket #12' }]);
    expect(deletes[0]?.authorization).toBe(`Bearer token-for-${STAFF_UID}`);
    expect(requestsTo('GET', USER)).toHaveLength(2);
    // The images were not asked for again while their card left.
    expect(requestsTo('GET', `${USER}/generations`)).toHaveLength(1);
    expect(db.supportUsers).toEqual([]);
    expect(db.supportImages).toEqual({});
  });

  it('deletes the sign-in too', async () => {
    // Grace's is the fake identity's first account (uid-1); the staff member signs in after her.
    fakeAuth.addAccount({ email: 'grace@example.com' });
    await expect(signIn('grace@example.com', 'secret-password')).resolves.toMatchObject({ uid: 'uid-1' });
    const view = await openDeletion(makeSupportUser({ uid: 'uid-1' }));
    await deleteWith(view, 'Asked by email, ticket #12');

    expect(await view.card.findByRole('heading', { name: 'Account deleted' })).toBeInTheDocument();
    await expect(signIn('grace@example.com', 'secret-password')).rejects.toThrow('auth/invalid-credential');
  });

  it('lists what was kept, and why, for an account the content rules hold; its card stays with the trail', async () => {
    const suspension = { since: Date.UTC(2026, 10, 24, 10), reason: '5 refused requests in 24 hours', upheldAt: null };
    const view = await openDeletion(makeSupportUser({}, { suspension }));
    await deleteWith(view, 'Asked by email, ticket #12');

    const { card } = view;
    expect(await card.findByRole('heading', { name: 'Account deleted' })).toHaveFocus();
    expect(card.getByText('Everything else is gone. What was kept, and why:')).toBeInTheDocument();
    expect(within(card.getByRole('list', { name: 'What was kept' })).getByRole('listitem')).toHaveTextContent(HELD);
    expect(await card.findByRole('row', { name: /held for review/ })).toHaveTextContent(
      /account deleted.*Asked by email, ticket #12; held for review: images, refusals and profile kept/,
    );
    expect(card.queryByText(/This account was deleted/)).not.toBeInTheDocument();
  });

  it("shows the gateway's refusal of the reason (over 500 characters) on the reason field", async () => {
    const { user, form } = await openDeletion();
    await user.click(reasonBox(form));
    await user.paste('x'.repeat(501));
    await user.click(reviewButton(form));
    await user.click(confirmButton(form));

    await waitFor(() => {
      expect(reasonBox(form)).toHaveAttribute('aria-invalid', 'true');
    });
    expect(reasonBox(form)).toHaveAccessibleDescription(/^The reason is at most 500 characters\./);
    expect(reasonBox(form)).toHaveFocus();
    expect(requestsTo('DELETE', USER)).toHaveLength(1);
    expect(db.supportUsers).toHaveLength(1);
  });

  it('says clearly when the gateway refuses because the account is the staff member’s own', async () => {
    server.use(
      http.delete('/api/v1/support/users/{uid}', () =>
        fail('DELETE /api/v1/support/users/{uid}', 403, 'own_record', 'staff cannot change their own record; ask a colleague'),
      ),
    );
    const view = await openDeletion();
    await deleteWith(view, 'Testing');

    expect(await view.form.findByRole('alert')).toHaveTextContent(
      'The account was not deleted. Staff cannot change their own record: ask another member of staff to do it.',
    );
    expect(reviewButton(view.form)).toHaveFocus();
    expect(view.card.queryByRole('heading', { name: 'Account deleted' })).not.toBeInTheDocument();
  });

  it('says to try again when a step could not finish, and asking again finishes it', async () => {
    let down = true;
    let asked = 0;
    server.use(
      http.delete('/api/v1/support/users/{uid}', () => {
        asked++;
        if (!down) return undefined;
        const operation = 'DELETE /api/v1/support/users/{uid}';
        const answer = fail(operation, 503, 'dependency_unavailable', 'the accounts service is unavailable');
        answer.headers.set('Retry-After', '5');
        return answer;
      }),
    );
    const view = await openDeletion();
    await deleteWith(view, 'Asked by email, ticket #12');

    expect(await view.form.findByRole('alert')).toHaveTextContent(
      'The account was not deleted. The deletion did not finish: the accounts service is unavailable. Try again: it finishes what was started.',
    );
    expect(reasonBox(view.form)).toHaveValue('Asked by email, ticket #12');

    down = false;
    await view.user.click(reviewButton(view.form));
    await view.user.click(confirmButton(view.form));
    expect(await view.card.findByRole('heading', { name: 'Account deleted' })).toBeInTheDocument();
    expect(asked).toBe(2);
  });
});
