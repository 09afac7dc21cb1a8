import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { routes } from '@/app/router';
import { DEFAULT_PROMPT } from '@/features/generate/defaults';
import { formatDateTime } from '@/lib/format';
import { findTile } from '@/testing/gallery';
import { ada, generateButton, openGenerate, promptBox } from '@/testing/generate-page';
import { HELD_JOB, holdJobs, holdNextJob } from '@/testing/held-job';
import { db, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { makeGeneration } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';
import type { GenerationRequest } from '@/types/api';

const results = () => screen.getByRole('region', { name: 'Results' });
const cards = () => within(results()).queryAllByRole('article');
const cardOf = (prompt: string) => within(results()).getByRole('article', { name: prompt });
const statusOf = (card: HTMLElement) => within(card).getByRole('status');
const nav = () => screen.getByRole('navigation', { name: 'Main' });

/** Signed in on /generate with the profile loaded. */
async function openSignedIn(options: Parameters<typeof openGenerate>[0] = {}) {
  const view = await openGenerate({ user: ada, ...options });
  await screen.findByTestId('credits');
  return view;
}

/** Replaces the prompt. */
async function writePrompt(user: Awaited<ReturnType<typeof openSignedIn>>['user'], prompt: string) {
  await user.clear(promptBox());
  await user.type(promptBox(), prompt);
}

/** The next POST /api/v1/jobs waits for `answer()`, then goes to the fake gateway. */
function holdTheAnswer() {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  server.use(
    http.post(
      '/api/v1/jobs',
      async () => {
        await answered;
        return undefined;
      },
      { once: true },
    ),
  );
  return { answer: () => { answer(); } };
}

describe('Generate page: generating', () => {
  it('sends a guest to /register without calling the gateway', async () => {
    const { user, router } = await openGenerate();
    await screen.findByText(/to get free credits every day/);
    await user.click(generateButton());
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/register');
    });
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
  });

  it('asks for a prompt rather than sending an empty one', async () => {
    const { user } = await openGenerate({ user: ada });
    await user.click(screen.getByRole('button', { name: 'Clear prompt' }));
    await user.click(generateButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please write a prompt first.');
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
    expect(cards()).toHaveLength(0);
  });

  it("shows the job's card on the click, before the gateway answers, and Generate is ready again once it has", async () => {
    const { answer } = holdTheAnswer();
    const { user } = await openSignedIn();
    expect(within(results()).getByText(/Your images appear here as they are made/)).toBeInTheDocument();

    await user.click(generateButton());
    const card = cardOf(DEFAULT_PROMPT);
    expect(statusOf(card)).toHaveTextContent('Sending…');
    // Against a double click while the POST is on its way; not the page's own limit on jobs.
    expect(generateButton()).toBeDisabled();
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);

    answer();
    await waitFor(() => {
      expect(generateButton()).toBeEnabled();
    });
    expect(cards()).toEqual([card]);
  });

  it('shows the place in line, then the progress, then the images in place on the card, staying on /generate', async () => {
    const stream = holdNextJob();
    const created = makeGeneration({ id: 'created', prompt: DEFAULT_PROMPT });
    const { user, router } = await openSignedIn();
    await user.click(generateButton());
    const card = cardOf(DEFAULT_PROMPT);

    // The gateway's answer: second in line, five seconds to wait.
    await waitFor(() => {
      expect(statusOf(card)).toHaveTextContent('In line: position 2');
    });
    expect(within(card).getByText('Starts in about 5 s')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    // Free jobs wait behind Premium ones: the first app's way to the front, while in line.
    expect(within(card).getByRole('link', { name: 'Generate Faster' })).toHaveAttribute('href', '/subscribe');
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();

    stream.send({ event: 'queued', data: { position: 1, etaSeconds: 2 } });
    await waitFor(() => {
      expect(statusOf(card)).toHaveTextContent('In line: position 1');
    });
    stream.send({ event: 'progress', data: { fraction: 0.4, etaSeconds: 3 }, id: '1-0' });
    await waitFor(() => {
      expect(within(card).getByRole('progressbar', { name: 'Rendering progress' })).toHaveAttribute('aria-valuenow', '40');
    });
    expect(statusOf(card)).toHaveTextContent('Rendering…');
    expect(within(card).getByText('40% · About 3 s left')).toBeInTheDocument();
    // Started: it can no longer be canceled, nor go faster.
    expect(within(card).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Generate Faster' })).not.toBeInTheDocument();

    stream.send({ event: 'done', data: { generations: [created] }, id: '2-0' });
    stream.close();
    await within(card).findByRole('img', { name: `Generated image: ${DEFAULT_PROMPT}` });
    // A free user's image is the blurred preview, and its link says so.
    const link = within(card).getByRole('link', { name: `Generated image: ${DEFAULT_PROMPT} Blurred preview` });
    expect(link).toHaveAttribute('href', '/generation?view=created');
    expect(statusOf(card)).toHaveTextContent('Done');
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/generate');
    expect(generateButton()).toBeEnabled();
  });

  it('runs two jobs at once, each on its own stream and card, newest first', async () => {
    const [first, second] = holdJobs('job-a', 'job-b');
    const fox = makeGeneration({ id: 'fox', prompt: 'A red fox' });
    const owl = makeGeneration({ id: 'owl', prompt: 'A snowy owl' });
    const { user } = await openSignedIn({ plan: 'pro' });
    await writePrompt(user, 'A red fox');
    await user.click(generateButton());
    await waitFor(() => {
      expect(generateButton()).toBeEnabled();
    });
    await writePrompt(user, 'A snowy owl');
    await user.click(generateButton());

    await waitFor(() => {
      expect(cards().map((card) => statusOf(card).textContent)).toEqual(['In line: position 2', 'In line: position 2']);
    });
    expect(cards()).toEqual([cardOf('A snowy owl'), cardOf('A red fox')]);
    expect(within(results()).queryByRole('link', { name: 'Generate Faster' })).not.toBeInTheDocument();

    first?.send({ event: 'progress', data: { fraction: 0.5, etaSeconds: 1 }, id: '1-0' });
    await waitFor(() => {
      expect(within(cardOf('A red fox')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    });
    expect(statusOf(cardOf('A snowy owl'))).toHaveTextContent('In line: position 2');

    second?.send({ event: 'done', data: { generations: [owl] }, id: '1-0' });
    second?.close();
    await within(cardOf('A snowy owl')).findByRole('img', { name: 'Generated image: A snowy owl' });
    first?.send({ event: 'done', data: { generations: [fox] }, id: '2-0' });
    first?.close();
    await within(cardOf('A red fox')).findByRole('img', { name: 'Generated image: A red fox' });
    expect(within(cardOf('A red fox')).queryByRole('img', { name: /A snowy owl/ })).not.toBeInTheDocument();
    // Each on its own held stream, opened once: neither went to the fake gateway's.
    expect(requestsTo('GET', '/api/v1/jobs/job-a/events')).toHaveLength(0);
    expect(requestsTo('GET', '/api/v1/jobs/job-b/events')).toHaveLength(0);
  });

  it('shows a batch as one card with every image, each opening where the history marks the session’s images new', async () => {
    db.history = [makeGeneration({ prompt: 'Made yesterday' })];
    const { user, router } = await openSignedIn({ plan: 'pro' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Images' }), '3');
    await user.click(generateButton());

    const card = cardOf(DEFAULT_PROMPT);
    await waitFor(() => {
      expect(within(card).getAllByRole('link', { name: `Generated image: ${DEFAULT_PROMPT}` })).toHaveLength(3);
    });
    expect(statusOf(card)).toHaveTextContent('Done: 3 images');
    // The card shows the job's images in their order; the first opens the job's first image.
    const first = within(card).getAllByRole('link')[0] ?? card;
    const opened = db.history.find((item) => first.getAttribute('href') === `/generation?view=${item.id}`);
    expect(opened?.prompt).toBe(DEFAULT_PROMPT);
    await user.click(first);

    await waitFor(() => {
      expect(router.state.location.pathname + router.state.location.search).toBe(`/generation?view=${opened?.id ?? ''}`);
    });
    const yesterday = await findTile('Made yesterday');
    const listed = screen.getAllByTestId('generation-card');
    expect(listed.map((item) => within(item).queryByText('New') !== null)).toEqual([true, true, true, false]);
    expect(listed.at(-1)).toBe(yesterday);
  });

  it('puts the images at the top of the history at once, before the gateway is asked again', async () => {
    db.history = [makeGeneration({ prompt: 'Made yesterday' })];
    const stream = holdNextJob();
    const { user } = renderApp(routes, { user: ada, url: '/generation' });
    await findTile('Made yesterday');
    await user.click(within(nav()).getByRole('link', { name: 'Generate' }));
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    await waitFor(() => {
      expect(statusOf(cardOf(DEFAULT_PROMPT))).toHaveTextContent('In line');
    });
    stream.send({ event: 'done', data: { generations: [makeGeneration({ prompt: 'Made just now' })] }, id: '1-0' });
    stream.close();
    await within(cardOf(DEFAULT_PROMPT)).findByRole('img', { name: 'Generated image: Made just now' });

    // The gateway's list does not answer again: what the history shows is what the page put there.
    server.use(http.get('/api/v1/generations', () => new Promise<never>(() => undefined)));
    await user.click(within(nav()).getByRole('link', { name: 'My images' }));
    await findTile('Made just now');
    const listed = screen.getAllByTestId('generation-card');
    expect(listed.map((item) => within(item).getByRole('img').getAttribute('alt'))).toEqual([
      'Generated image: Made just now',
      'Generated image: Made yesterday',
    ]);
  });

  it('cancels a job in line: its card says the credit is back, and the credits are read again', async () => {
    const stream = holdNextJob();
    const { user } = await openSignedIn();
    await user.click(generateButton());
    const card = cardOf(DEFAULT_PROMPT);
    const cancel = await within(card).findByRole('button', { name: 'Cancel' });
    const profileLoads = requestsTo('GET', '/api/v1/me').length;
    await user.click(cancel);

    await waitFor(() => {
      expect(statusOf(card)).toHaveTextContent('Canceled: its credit is back.');
    });
    expect(requestsTo('DELETE', `/api/v1/jobs/${HELD_JOB}`)).toHaveLength(1);
    expect(within(card).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(requestsTo('GET', '/api/v1/me').length).toBeGreaterThan(profileLoads);
    });
    stream.close();
  });

  it('says on the card when the job started before Cancel reached the gateway, and keeps following it', async () => {
    const stream = holdNextJob();
    const { user } = await openSignedIn();
    await user.click(generateButton());
    const card = cardOf(DEFAULT_PROMPT);
    const cancel = await within(card).findByRole('button', { name: 'Cancel' });
    const job = db.jobs.get(HELD_JOB);
    if (job) job.status = 'running';
    await user.click(cancel);

    expect(await within(card).findByRole('alert')).toHaveTextContent('only a queued job can be canceled');
    stream.send({ event: 'progress', data: { fraction: 0.5, etaSeconds: 1 }, id: '1-0' });
    await waitFor(() => {
      expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    });
    stream.close();
  });

  it("says on the job's card why it failed, with the gateway's message, and what it cost", async () => {
    const stream = holdNextJob();
    const { user } = await openSignedIn();
    await user.click(generateButton());
    stream.send({ event: 'error', data: { code: 'backend_failed', message: 'the image backend failed' }, id: '1-0' });
    stream.close();

    const card = cardOf(DEFAULT_PROMPT);
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('the image backend failed');
    expect(alert).toHaveTextContent('Nothing was charged: its credit is back.');
    expect(statusOf(card)).toHaveTextContent('Failed');
    expect(screen.getAllByRole('alert')).toEqual([alert]);
    expect(generateButton()).toBeEnabled();
  });

  it('says on the card when the moderation service flagged the finished image, as a refusal that counts', async () => {
    const stream = holdNextJob();
    const { user } = await openSignedIn();
    await user.click(generateButton());
    const profileLoads = requestsTo('GET', '/api/v1/me').length;
    const message =
      'explicit content involving a minor: the moderation service flagged the finished image, so it was not kept. No credit was used for it';
    stream.send({ event: 'error', data: { code: 'prompt_refused', message }, id: '1-0' });
    stream.close();

    const refusal = await within(cardOf(DEFAULT_PROMPT)).findByTestId('prompt-refusal');
    expect(refusal).toHaveTextContent(message);
    expect(refusal).toHaveTextContent('Nothing was charged. This counts against your account');
    // Where the account stands after it.
    await waitFor(() => {
      expect(requestsTo('GET', '/api/v1/me').length).toBeGreaterThan(profileLoads);
    });
  });

  it('says a refused submission beside Generate, announced, with the reset time, and makes no card', async () => {
    server.use(
      http.post('/api/v1/jobs', () =>
        fail('POST /api/v1/jobs', 429, 'quota_exhausted', 'You have used all 10 credits for today. They reset at 2026-11-23T00:00:00Z.'),
      ),
    );
    const { user } = await openSignedIn();
    await user.click(generateButton());

    const alert = await screen.findByRole('alert');
    expect(generateButton().parentElement).toContainElement(alert);
    expect(alert).toHaveTextContent('You have used all 10 credits for today.');
    expect(alert).not.toHaveTextContent('2026-11-23T00:00:00Z');
    expect(alert).toHaveTextContent(/Your credits reset on .*2026/);
    expect(within(alert).getByRole('link', { name: /Upgrade to Premium/ })).toHaveAttribute('href', '/subscribe');
    expect(cards()).toHaveLength(0);
    expect(generateButton()).toBeEnabled();
  });

  it("says the gateway's rate limit beside Generate, and sends again on the next click", async () => {
    server.use(
      http.post('/api/v1/jobs', () => fail('POST /api/v1/jobs', 429, 'rate_limited', 'Too many requests; try again in 20 s'), {
        once: true,
      }),
    );
    const { user } = await openSignedIn();
    await user.click(generateButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many requests; try again in 20 s');
    expect(generateButton().parentElement).toContainElement(alert);

    await user.click(generateButton());
    await waitFor(() => {
      expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(1);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(cards()).toHaveLength(1);
  });

  it('disables Generate once every credit is spent, saying when they come back in local time', async () => {
    db.quota = { used: 10, limit: 10, bonus: 0, resetsAt: '2026-11-23T00:00:00Z' };
    await openGenerate({ user: ada });

    const note = await screen.findByTestId('credits-spent');
    expect(note).toHaveTextContent(`No credits left: they come back ${formatDateTime('2026-11-23T00:00:00Z')}.`);
    await waitFor(() => {
      expect(generateButton()).toBeDisabled();
    });
    expect(generateButton()).toHaveAccessibleDescription(/No credits left: they come back/);
  });

  it('tells a free user before any image that free results are blurred, and a Premium user nothing of it', async () => {
    const { unmount } = await openGenerate({ user: ada });
    const note = await screen.findByTestId('free-blur-note');
    expect(note).toHaveTextContent('Free results are blurred. Premium shows them sharp and lets you download them.');
    expect(within(note).getByRole('link', { name: 'Premium' })).toHaveAttribute('href', '/subscribe');
    unmount();

    db.plan = 'pro';
    await openGenerate({ user: ada });
    await screen.findByTestId('credits');
    expect(screen.queryByTestId('free-blur-note')).not.toBeInTheDocument();
  });

  it('reads the credits again once the job is accepted', async () => {
    const { user } = await openGenerate({ user: ada });
    expect(await screen.findByTestId('credits')).toHaveTextContent('8 of 10 credits left');
    await user.click(generateButton());
    await waitFor(() => {
      expect(screen.getByTestId('credits')).toHaveTextContent('7 of 10 credits left');
    });
  });

  it("fills the form with a card's settings on 'Use these settings', and puts the keyboard in the prompt", async () => {
    const { user } = await openSignedIn();
    await writePrompt(user, 'A red fox in snow');
    await user.type(screen.getByRole('textbox', { name: 'Seed' }), '42');
    await user.click(screen.getByRole('radio', { name: 'Anime V1' }));
    await user.click(generateButton());
    const card = cardOf('A red fox in snow');
    await within(card).findByRole('img');

    await writePrompt(user, 'Something else');
    await user.clear(screen.getByRole('textbox', { name: 'Seed' }));
    await user.click(screen.getByRole('radio', { name: 'Real V1.1' }));
    await user.click(within(card).getByRole('button', { name: 'Use these settings' }));

    expect(promptBox()).toHaveValue('A red fox in snow');
    expect(promptBox()).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Seed' })).toHaveValue('42');
    expect(screen.getByRole('radio', { name: 'Anime V1' })).toBeChecked();
  });

  it("prefills every field from 'Try Again'", async () => {
    const params: Partial<GenerationRequest> = {
      prompt: 'A red fox in snow',
      negativePrompt: 'text',
      style: 'anime-v1',
      size: 'portrait',
      look: 'korean',
      seed: '77',
      steps: '25',
      enhance: false,
      cfg: 4.5,
      sampler: 'euler-a',
    };
    await openGenerate({ user: ada, state: { params } });
    expect(promptBox()).toHaveValue('A red fox in snow');
    expect(screen.getByRole('textbox', { name: 'Negative prompt' })).toHaveValue('text');
    expect(screen.getByRole('radio', { name: 'Anime V1' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Portrait 2:3 · 512×768' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Korean' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Seed' })).toHaveValue('77');
    expect(screen.getByRole('textbox', { name: 'Steps' })).toHaveValue('25');
    expect(screen.getByRole('switch', { name: '2x Enhance' })).not.toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Guidance (CFG)' })).toHaveValue(4.5);
    expect(screen.getByRole('combobox', { name: 'Sampler' })).toHaveValue('euler-a');
  });
});
