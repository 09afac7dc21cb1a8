import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { db, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { makeRefusal, makeSupportUser } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { openCard, staff, STAFF_UID } from '@/testing/staff-console';
import type { SupportUser } from '@/types/api';

const SUSPENSION = '/api/v1/support/users/uid-grace/suspension';
const QUEUE = '/api/v1/support/moderation';
const falsePositivePath = (id: string) => `/api/v1/support/users/uid-grace/refusals/${id}/false-positive`;

/** Grace, suspended by five refusals that count, awaiting review. */
function suspendedGrace(overrides: Partial<SupportUser> = {}) {
  const refusals = Array.from({ length: 5 }, (_, index) =>
    makeRefusal('uid-grace', { id: `ref-${String(5 - index)}`, at: Date.UTC(2026, 10, 24, 9, 59 - index) }),
  );
  const suspension = { since: Date.UTC(2026, 10, 24, 10), reason: '5 refused requests in 24 hours', upheldAt: null };
  return makeSupportUser({}, { suspension, refusals, ...overrides });
}

async function openContentRules(user: SupportUser) {
  const view = await openCard(user);
  const part = within(view.card.getByRole('region', { name: 'Content rules' }));
  // The queue's first load, which a decision reloads.
  await waitFor(() => {
    expect(requestsTo('GET', QUEUE)).toHaveLength(1);
  });
  return { ...view, part };
}

type Part = Awaited<ReturnType<typeof openContentRules>>['part'];
const decisionForm = (part: Part) => within(part.getByRole('form', { name: 'Lift or uphold the suspension' }));
const refusalRow = (part: Part, id: string) => {
  const row = within(part.getByRole('list', { name: 'Refusals' })).getByText(id).closest('article');
  if (!(row instanceof HTMLElement)) throw new Error(`no refusal ${id}`);
  return within(row);
};

describe('Support console: the content rules on a card', () => {
  it('shows the suspension awaiting review and the refusals that count', async () => {
    const { part } = await openContentRules(suspendedGrace());
    expect(part.getByText(/^Suspended since/)).toHaveTextContent(
      /^Suspended since .*2026.*: 5 refused requests in 24 hours\. Awaiting review$/,
    );
    const rows = within(part.getByRole('list', { name: 'Refusals' })).getAllByRole('article');
    expect(rows).toHaveLength(5);
    expect(refusalRow(part, 'ref-5').getByText('little girl', { selector: 'mark' })).toBeInTheDocument();
    expect(refusalRow(part, 'ref-5').getByText(/^Counts towards a suspension/)).toBeInTheDocument();
    // The queue's link to the card is not repeated on the card.
    expect(part.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says when the user is not suspended and has no refusals', async () => {
    const { part } = await openContentRules(makeSupportUser());
    expect(part.getByText('Not suspended: generation is allowed.')).toBeInTheDocument();
    expect(part.getByText('grace@example.com has no refused requests.')).toBeInTheDocument();
    expect(part.queryByRole('form')).not.toBeInTheDocument();
  });

  it('lifts the suspension after a reason and a confirmation, shows the card the gateway returns and reloads the queue', async () => {
    const { user, card, part } = await openContentRules(suspendedGrace());
    const form = decisionForm(part);
    await user.click(form.getByRole('radio', { name: /^Lift/ }));
    await user.type(form.getByRole('textbox', { name: 'Reason' }), 'Ballet class photos, not abuse');
    await user.click(form.getByRole('button', { name: 'Review the decision' }));
    const question = form.getByRole('group', {
      name: 'Lift the suspension of grace@example.com? They can generate again, and their refusals so far stop counting.',
    });
    expect(within(question).getByRole('button', { name: 'Yes, lift the suspension' })).toHaveFocus();
    expect(requestsTo('POST', SUSPENSION)).toHaveLength(0);
    await user.keyboard('{Enter}');

    expect(await part.findByText('Not suspended: generation is allowed.')).toBeInTheDocument();
    expect(requestsTo('POST', SUSPENSION).map((request) => request.body)).toEqual([
      { decision: 'lift', reason: 'Ballet class photos, not abuse' },
    ]);
    expect(part.queryByRole('form', { name: 'Lift or uphold the suspension' })).not.toBeInTheDocument();
    expect(part.getByRole('status')).toHaveTextContent('Done: lifted the suspension of grace@example.com; they can generate again.');
    expect(part.getByRole('heading', { name: 'Content rules' })).toHaveFocus();
    expect(refusalRow(part, 'ref-1').getByText(/^Reviewed: no longer counts/)).toBeInTheDocument();
    expect(card.getByRole('row', { name: /Ballet class photos, not abuse/ })).toHaveTextContent(
      /sam@lucent\.example \(uid-1\).*lift suspension/,
    );
    // The card is the gateway's answer; the queue loads again.
    expect(requestsTo('GET', '/api/v1/support/users/uid-grace')).toHaveLength(1);
    await waitFor(() => {
      expect(requestsTo('GET', QUEUE)).toHaveLength(2);
    });
  });

  it('upholds the suspension, which then shows as reviewed', async () => {
    const { user, part } = await openContentRules(suspendedGrace());
    const form = decisionForm(part);
    expect(form.getByRole('radio', { name: /^Uphold/ })).toBeChecked();
    await user.type(form.getByRole('textbox', { name: 'Reason' }), 'Repeated attempts, kept');
    await user.click(form.getByRole('button', { name: 'Review the decision' }));
    expect(
      form.getByRole('group', {
        name: 'Uphold the suspension of grace@example.com? They still cannot generate, and the suspension shows as reviewed.',
      }),
    ).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Yes, uphold the suspension' }));

    const done = await form.findByText('Done: upheld the suspension of grace@example.com; they still cannot generate.');
    expect(done).toHaveAttribute('role', 'status');
    expect(requestsTo('POST', SUSPENSION).map((request) => request.body)).toEqual([
      { decision: 'uphold', reason: 'Repeated attempts, kept' },
    ]);
    expect(part.getByText(/^Suspended since/)).toHaveTextContent(/: 5 refused requests in 24 hours\. Upheld .*2026/);
    expect(form.getByRole('button', { name: 'Review the decision' })).toHaveFocus();
    expect(refusalRow(part, 'ref-1').getByText(/^Counts towards a suspension/)).toBeInTheDocument();
    await waitFor(() => {
      expect(requestsTo('GET', QUEUE)).toHaveLength(2);
    });
  });

  it('asks for a reason before sending anything, and puts the gateway’s refusal of one on the field', async () => {
    const { user, part } = await openContentRules(suspendedGrace());
    const form = decisionForm(part);
    const reason = form.getByRole('textbox', { name: 'Reason' });
    await user.type(reason, '   ');
    await user.click(form.getByRole('button', { name: 'Review the decision' }));
    expect(reason).toHaveAccessibleDescription(/^The reason must say why \(it goes into the audit trail\)\./);
    expect(reason).toHaveFocus();
    expect(requestsTo('POST', SUSPENSION)).toHaveLength(0);

    await user.clear(reason);
    await user.paste('x'.repeat(501));
    await user.click(form.getByRole('button', { name: 'Review the decision' }));
    await user.click(form.getByRole('button', { name: 'Yes, uphold the suspension' }));
    await waitFor(() => {
      expect(reason).toHaveAccessibleDescription(/^The reason is at most 500 characters\./);
    });
    expect(reason).toHaveFocus();
    expect(requestsTo('POST', SUSPENSION)).toHaveLength(1);
  });

  it('says so when another member of staff lifted the suspension meanwhile, and reloads the card', async () => {
    const { user, part } = await openContentRules(suspendedGrace());
    // A colleague lifts it after the card was loaded.
    db.supportUsers = db.supportUsers.map((candidate) => ({ ...candidate, suspension: null }));
    const form = decisionForm(part);
    await user.click(form.getByRole('radio', { name: /^Lift/ }));
    await user.type(form.getByRole('textbox', { name: 'Reason' }), 'Reviewed');
    await user.click(form.getByRole('button', { name: 'Review the decision' }));
    await user.click(form.getByRole('button', { name: 'Yes, lift the suspension' }));

    expect(await part.findByText('Not suspended: generation is allowed.')).toBeInTheDocument();
    expect(part.getByRole('status')).toHaveTextContent(
      'The suspension was not changed: another member of staff had already lifted it.',
    );
    expect(requestsTo('GET', '/api/v1/support/users/uid-grace')).toHaveLength(2);
  });

  it('marks a refusal a false positive after a reason and a confirmation', async () => {
    const { user, card, part } = await openContentRules(suspendedGrace());
    const row = refusalRow(part, 'ref-3');
    await user.click(row.getByRole('button', { name: 'Mark false positive…' }));
    const reason = row.getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveFocus();
    await user.type(reason, 'A ballet class');
    await user.click(row.getByRole('button', { name: 'Review the change' }));
    const yes = row.getByRole('button', { name: 'Yes, mark it a false positive' });
    expect(yes).toHaveFocus();
    expect(yes.closest('[role="group"]')).toHaveAccessibleName(
      /^Mark the refusal of .*2026.* a false positive\? It will no longer count against grace@example\.com\.$/,
    );
    await user.click(yes);

    expect(await row.findByText(/^False positive: no longer counts/)).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Mark false positive…' })).not.toBeInTheDocument();
    expect(requestsTo('POST', falsePositivePath('ref-3')).map((request) => request.body)).toEqual([{ reason: 'A ballet class' }]);
    const done = part.getByText(/^Done: marked the refusal of .*2026.* a false positive; it no longer counts against grace/);
    expect(done).toHaveAttribute('role', 'status');
    expect(part.getByRole('heading', { name: 'Content rules' })).toHaveFocus();
    expect(card.getByRole('row', { name: /A ballet class/ })).toHaveTextContent('refusal ref-3 false positive');
    // The others still count, and can still be marked.
    expect(refusalRow(part, 'ref-2').getByRole('button', { name: 'Mark false positive…' })).toBeInTheDocument();
    await waitFor(() => {
      expect(requestsTo('GET', QUEUE)).toHaveLength(2);
    });
  });

  it('says why the gateway refused to mark a refusal, and keeps the form', async () => {
    server.use(
      http.post('/api/v1/support/users/{uid}/refusals/{id}/false-positive', () =>
        fail(
          'POST /api/v1/support/users/{uid}/refusals/{id}/false-positive',
          503,
          'store_unavailable',
          'the user database is unavailable',
        ),
      ),
    );
    const { user, part } = await openContentRules(suspendedGrace());
    const row = refusalRow(part, 'ref-3');
    await user.click(row.getByRole('button', { name: 'Mark false positive…' }));
    await user.keyboard('A ballet class');
    await user.click(row.getByRole('button', { name: 'Review the change' }));
    await user.click(row.getByRole('button', { name: 'Yes, mark it a false positive' }));

    expect(await row.findByRole('alert')).toHaveTextContent(
      "The refusal was not marked. Lucent's user records are not answering right now. Try again in a moment.",
    );
    expect(row.getByRole('button', { name: 'Review the change' })).toHaveFocus();
    expect(row.getByText(/^Counts towards a suspension/)).toBeInTheDocument();
  });

  it('offers no false positive for a refusal that already is one', async () => {
    const { part } = await openContentRules(
      makeSupportUser({}, { refusals: [makeRefusal('uid-grace', { id: 'ref-fp', falsePositive: true, counts: false })] }),
    );
    const row = refusalRow(part, 'ref-fp');
    expect(row.getByText(/^False positive: no longer counts/)).toBeInTheDocument();
    expect(row.queryByRole('button')).not.toBeInTheDocument();
  });

  it('labels a request to rephrase as not counted, and offers no false positive for it', async () => {
    const rephrase = makeRefusal('uid-grace', {
      id: 'ref-rephrase',
      category: 'real_person',
      words: ['Taylor Swfit'],
      prompt: 'nude Taylor Swfit on a beach',
      strike: false,
      counts: false,
    });
    const { part } = await openContentRules(makeSupportUser({}, { refusals: [rephrase] }));
    const row = refusalRow(part, 'ref-rephrase');
    expect(row.getByText('Asked to rephrase (not counted)')).toBeInTheDocument();
    expect(row.getByText('Taylor Swfit', { selector: 'mark' })).toBeInTheDocument();
    expect(row.queryByRole('button')).not.toBeInTheDocument();
  });

  it("offers no decisions on the staff member's own record, and still shows it", async () => {
    const own = suspendedGrace();
    const { part } = await openContentRules({ ...own, profile: { ...own.profile, uid: STAFF_UID, email: staff.email } });
    expect(part.getByText(/^Suspended since/)).toHaveTextContent(/Awaiting review$/);
    expect(within(part.getByRole('list', { name: 'Refusals' })).getAllByRole('article')).toHaveLength(5);
    expect(part.queryByRole('form')).not.toBeInTheDocument();
    expect(part.queryByRole('button')).not.toBeInTheDocument();
  });
});
