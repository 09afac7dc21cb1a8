import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { db, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { makeRefusal, makeSupportUser } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';
import { openQueue } from '@/testing/staff-console';

import { StaffConsole } from './staff-console';

const QUEUE = '/api/v1/support/moderation';
const suspendedFor = (since: number, upheldAt: number | null = null) => ({
  since,
  reason: '5 refused requests in 24 hours',
  upheldAt,
});

/** Grace, suspended and awaiting review; Alan, suspended earlier and upheld; Bea, one refusal. */
function arrange() {
  db.supportUsers = [
    makeSupportUser(
      { uid: 'uid-alan', email: 'alan@example.com', username: 'Alan' },
      {
        suspension: suspendedFor(Date.UTC(2026, 10, 20, 8), Date.UTC(2026, 10, 21, 9)),
        refusals: [
          makeRefusal('uid-alan', {
            id: 'ref-alan',
            at: Date.UTC(2026, 10, 20, 7, 59),
            category: 'real_person',
            words: ['Taylor Swift'],
            prompt: 'nude photo of taylor swift',
            route: 'generations',
            style: 'nsfw-v1.1',
          }),
        ],
      },
    ),
    makeSupportUser(
      {},
      {
        suspension: suspendedFor(Date.UTC(2026, 10, 24, 10)),
        refusals: [makeRefusal('uid-grace', { id: 'ref-grace', at: Date.UTC(2026, 10, 24, 9, 59) })],
      },
    ),
    makeSupportUser(
      { uid: 'uid-bea', email: 'bea@example.com', username: 'Bea' },
      {
        refusals: [
          makeRefusal('uid-bea', {
            id: 'ref-bea',
            at: Date.UTC(2026, 10, 25, 9),
            category: 'non_consent',
            words: ['drugged'],
            prompt: 'a woman at a party',
            negativePrompt: 'drugged, asleep',
            falsePositive: true,
            counts: false,
          }),
        ],
      },
    ),
  ];
  db.refusalsOfGoneAccounts = [
    makeRefusal('uid-gone', {
      id: 'ref-gone',
      at: Date.UTC(2026, 10, 22, 12),
      category: 'bestiality',
      words: ['dog'],
      prompt: 'a dog and a man',
    }),
  ];
}

type Queue = Awaited<ReturnType<typeof openQueue>>['queue'];
const refusalsList = (queue: Queue) => within(queue.getByRole('list', { name: 'Refusals' }));
const refusal = (queue: Queue, name: RegExp) => within(refusalsList(queue).getByRole('article', { name }));

describe('Support console: the review queue', () => {
  it('lists the suspended accounts, the latest suspended first, with their review and a link to their card', async () => {
    arrange();
    const { queue } = await openQueue();
    const items = within(queue.getByRole('list', { name: 'Suspended accounts' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [grace, alan] = items.map((item) => within(item));
    expect(grace?.getByText('grace@example.com')).toBeInTheDocument();
    expect(grace?.getByText(/^Suspended since .*2026.*: 5 refused requests in 24 hours$/)).toBeInTheDocument();
    expect(grace?.getByText('Awaiting review')).toBeInTheDocument();
    expect(grace?.getByRole('link', { name: 'Open the card of grace@example.com' })).toHaveAttribute('href', '/staff?uid=uid-grace');
    expect(alan?.getByText('Alan')).toBeInTheDocument();
    expect(alan?.getByText(/^Upheld Nov 21, 2026/)).toBeInTheDocument();
  });

  it("lists every user's refusals newest first, with the rule in words, the words marked and where each stands", async () => {
    arrange();
    const { queue } = await openQueue();
    const rows = refusalsList(queue).getAllByRole('article');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveAccessibleName(/^Non-consent · bea@example\.com · Nov 25, 2026/);
    expect(rows[1]).toHaveAccessibleName(/^Minor · grace@example\.com · Nov 24, 2026/);
    expect(rows[2]).toHaveAccessibleName(/^Bestiality · \(no account\) · Nov 22, 2026/);
    expect(rows[3]).toHaveAccessibleName(/^Real person · alan@example\.com · Nov 20, 2026/);

    const alan = refusal(queue, /^Real person · alan@example\.com/);
    expect(alan.getByText('Taylor Swift', { selector: 'strong' })).toBeInTheDocument();
    // Marked in the prompt as the user wrote it, whatever the case.
    expect(alan.getByText('taylor swift', { selector: 'mark' })).toBeInTheDocument();
    expect(alan.getByText(/^Sent through the generations route, style nsfw-v1\.1 · refusal/)).toHaveTextContent(/ref-alan$/);
    expect(alan.getByText(/^Counts towards a suspension/)).toBeInTheDocument();
    expect(alan.getByRole('link', { name: 'Open the card of alan@example.com' })).toHaveAttribute('href', '/staff?uid=uid-alan');

    const bea = refusal(queue, /^Non-consent/);
    expect(bea.getByText('drugged', { selector: 'mark' }).parentElement).toHaveTextContent(/^drugged, asleep$/);
    expect(bea.getByText(/^False positive: no longer counts/)).toBeInTheDocument();

    const gone = refusal(queue, /^Bestiality/);
    expect(gone.queryByRole('link')).not.toBeInTheDocument();
    expect(gone.getByText('None', { selector: 'span' })).toBeInTheDocument();
  });

  it('says which categories of the moderation service flagged a finished image', async () => {
    const flagged = makeRefusal('uid-grace', {
      route: 'image',
      style: 'nsfw-v1.1',
      words: [],
      flagged: ['sexual/minors'],
      prompt: 'a beach',
    });
    db.supportUsers = [makeSupportUser({}, { refusals: [flagged] })];
    const { queue } = await openQueue();
    const row = refusal(queue, /^Minor/);
    const decided = row.getByText('sexual/minors', { selector: 'strong' }).closest('dd');
    expect(decided).toHaveTextContent('the moderation service: sexual/minors');
    expect(row.getByText(/^A finished image of an explicit request, style nsfw-v1\.1: flagged, and not kept/)).toBeInTheDocument();
    expect(row.queryByText('Matched words')).not.toBeInTheDocument();
    expect(row.queryByRole('mark')).not.toBeInTheDocument();
  });

  it('says when the reader of meaning refused a prompt, and that it was no strike', async () => {
    const read = makeRefusal('uid-grace', {
      style: 'nsfw-v1.1',
      words: [],
      flagged: ['meaning'],
      strike: false,
      prompt: 'a schoolgirl in year 8 on her bed',
    });
    db.supportUsers = [makeSupportUser({}, { refusals: [read] })];
    const { queue } = await openQueue();
    const row = refusal(queue, /^Minor/);
    expect(row.getByText(/the reader of meaning/)).toHaveTextContent(
      'the reader of meaning (a model: the user was asked to rephrase, no strike)',
    );
    expect(row.queryByText('Matched words')).not.toBeInTheDocument();
  });

  it('labels a request to rephrase as not counted', async () => {
    const rephrase = makeRefusal('uid-grace', {
      category: 'real_person',
      words: ['Taylor Swfit'],
      prompt: 'nude Taylor Swfit on a beach',
      strike: false,
      counts: false,
    });
    db.supportUsers = [makeSupportUser({}, { refusals: [rephrase] })];
    const { queue } = await openQueue();
    const row = refusal(queue, /^Real person/);
    expect(row.getByText('Asked to rephrase (not counted)')).toBeInTheDocument();
    expect(row.queryByText(/^Counts towards a suspension/)).not.toBeInTheDocument();
  });

  it('says when there is nothing to review', async () => {
    const { queue } = await openQueue();
    expect(queue.getByText('No suspended accounts.')).toBeInTheDocument();
    expect(queue.getByText('No refusals.')).toBeInTheDocument();
    expect(queue.queryByRole('button', { name: 'Load older refusals' })).not.toBeInTheDocument();
  });

  it('folds a long prompt after its start', async () => {
    const prompt = `${'a very long description of a scene, '.repeat(8)}with a little girl at the end`;
    db.supportUsers = [makeSupportUser({}, { refusals: [makeRefusal('uid-grace', { prompt })] })];
    const { user, queue } = await openQueue();
    const row = refusal(queue, /^Minor/);
    const summary = row.getByText('(show all)').closest('summary');
    if (!summary) throw new Error('the prompt is not folded');
    expect(summary).toHaveTextContent(/^a very long description of a scene, .*… \(show all\)$/);
    expect(summary.closest('details')).not.toHaveAttribute('open');
    expect(row.queryByText('little girl', { selector: 'mark' })).not.toBeVisible();
    await user.click(summary);
    expect(summary.closest('details')).toHaveAttribute('open');
    expect(row.getByText('little girl', { selector: 'mark' })).toBeVisible();
  });

  it('loads older refusals with the id the gateway gave', async () => {
    const refusals = Array.from({ length: 51 }, (_, index) =>
      makeRefusal('uid-grace', {
        id: `ref-${String(100 + index)}`,
        at: Date.UTC(2026, 10, 24, 12) - index * 60_000,
        prompt: `Refused prompt number ${String(index + 1)}`,
      }),
    );
    db.supportUsers = [makeSupportUser({}, { refusals })];
    const { user, queue } = await openQueue();
    expect(refusalsList(queue).getAllByRole('article')).toHaveLength(50);
    expect(queue.queryByText('Refused prompt number 51')).not.toBeInTheDocument();

    await user.click(queue.getByRole('button', { name: 'Load older refusals' }));
    expect(await queue.findByText('Refused prompt number 51')).toBeInTheDocument();
    expect(refusalsList(queue).getAllByRole('article')).toHaveLength(51);
    expect(queue.queryByRole('button', { name: 'Load older refusals' })).not.toBeInTheDocument();
    expect(requestsTo('GET', QUEUE).map((request) => request.search)).toEqual(['', '?before=ref-149']);
  });

  it("opens a user's card from the queue, focused, with the uid in the URL", async () => {
    arrange();
    const { user, queue, router } = await openQueue();
    const suspended = within(queue.getByRole('list', { name: 'Suspended accounts' }));
    await user.click(suspended.getByRole('link', { name: 'Open the card of grace@example.com' }));

    const card = within(await screen.findByRole('region', { name: 'grace@example.com' }));
    expect(card.getByRole('heading', { name: 'grace@example.com' })).toHaveFocus();
    expect(router.state.location.search).toBe('?uid=uid-grace');
    // The queue stays on the page, under the card.
    expect(screen.getByRole('region', { name: 'Review queue' })).toBeInTheDocument();
  });

  it('offers to try again when the queue cannot be loaded', async () => {
    let down = true;
    server.use(
      http.get('/api/v1/support/moderation', () =>
        down ? fail('GET /api/v1/support/moderation', 503, 'store_unavailable', 'the user database is unavailable') : undefined,
      ),
    );
    const { user } = renderApp(<StaffConsole />, { url: '/staff', user: { email: 'sam@lucent.example', claims: { support: true } } });
    const region = within(await screen.findByRole('region', { name: 'Review queue' }));
    expect(await region.findByRole('alert')).toHaveTextContent(
      "Loading the review queue failed. Lucent's user records are not answering right now. Try again in a moment.",
    );
    down = false;
    await user.click(region.getByRole('button', { name: 'Try again' }));
    expect(await region.findByText('No suspended accounts.')).toBeInTheDocument();
  });

  it('is not shown to a user without a staff role, who is not told it exists', async () => {
    renderApp(<StaffConsole />, { url: '/staff', user: { email: 'ada@example.com' } });
    expect(await screen.findByRole('heading', { name: 'This page is for Lucent support staff.' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Review queue' })).not.toBeInTheDocument();
    expect(requestsTo('GET', QUEUE)).toHaveLength(0);
  });

  it('shows only the staff message when the gateway answers the queue with a 404 (a revoked role)', async () => {
    server.use(
      http.get('/api/v1/support/moderation', () => fail('GET /api/v1/support/moderation', 404, 'not_found', 'route not found')),
    );
    renderApp(<StaffConsole />, { url: '/staff', user: { email: 'sam@lucent.example', claims: { support: true } } });
    expect(await screen.findByRole('heading', { name: 'This page is for Lucent support staff.' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Review queue' })).not.toBeInTheDocument();
  });
});
