import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { browser } from '@/lib/browser';
import { ada, generateAndWait, generateButton, openGenerate, promptBox } from '@/testing/generate-page';
import { db, requestsTo } from '@/testing/mocks/db';
import { makeGeneration } from '@/testing/mocks/records';
import type { AgeCheck, Plan } from '@/types/api';

const nsfwTile = () => screen.getByRole('radio', { name: /NSFW V1\.1/ });
const ageMessage = () => screen.findByTestId('age-check-needed');
const START = '/api/v1/me/age-check';

/** /generate for Ada with her age check as `ageCheck` says, once her profile is in. */
async function openAs(ageCheck: AgeCheck, options: Parameters<typeof openGenerate>[0] = {}) {
  db.ageCheck = ageCheck;
  const view = await openGenerate({ user: ada, ...options });
  await screen.findByTestId('credits');
  return view;
}

const unverified: AgeCheck = { status: 'unverified', checkedAt: null, required: true };

describe('Generate page: explicit styles and the age check', () => {
  it.each<Plan>(['free', 'pro'])('marks the explicit style for a %s user whose age is not verified', async (plan) => {
    await openAs(unverified, { plan });
    expect(nsfwTile()).toHaveAccessibleName('NSFW V1.1 18+ Verify your age');
    expect(screen.getByRole('radio', { name: 'Real V1.1' })).toBeInTheDocument();
  });

  it.each<[string, AgeCheck]>([
    ['once the age is verified', { status: 'verified', checkedAt: Date.UTC(2026, 0, 2), required: true }],
    ['where this server does not check ages', { status: 'unverified', checkedAt: null, required: false }],
  ])('neither marks the style nor stops the request %s', async (_, ageCheck) => {
    const { user } = await openAs(ageCheck);
    expect(nsfwTile()).toHaveAccessibleName('NSFW V1.1 18+');
    await user.click(nsfwTile());

    expect((await generateAndWait(user)).style).toBe('nsfw-v1.1');
    expect(screen.queryByTestId('age-check-needed')).not.toBeInTheDocument();
  });

  it('says how to verify instead of sending an explicit request, and comes back to the style after', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = await openAs(unverified);
    await user.click(nsfwTile());
    await user.click(generateButton());

    const message = await ageMessage();
    expect(message).toHaveTextContent('Explicit images are only for adults whose age is verified.');
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
    await user.click(within(message).getByRole('button', { name: 'Verify your age' }));

    await waitFor(() => {
      expect(assign).toHaveBeenCalledExactlyOnceWith('http://127.0.0.1:8080/age-check/test/inq_test_1');
    });
    const sent = requestsTo('POST', START).map((request) => request.body as { returnTo: string });
    expect(sent).toHaveLength(1);
    const back = new URL(sent.at(0)?.returnTo ?? '', 'http://127.0.0.1:8080');
    expect(back.pathname).toBe('/generate');
    expect(back.searchParams.get('style')).toBe('nsfw-v1.1');
    expect(back.searchParams.get('prompt')).toBe(screen.getByLabelText<HTMLTextAreaElement>('Prompt').value);
  });

  it('leaves the message once another style is chosen, and sends that one', async () => {
    const { user } = await openAs(unverified);
    await user.click(nsfwTile());
    await user.click(generateButton());
    await ageMessage();

    await user.click(screen.getByRole('radio', { name: 'Anime V1' }));
    expect(screen.queryByTestId('age-check-needed')).not.toBeInTheDocument();
    expect((await generateAndWait(user)).style).toBe('anime-v1');
  });

  it("shows the same when the gateway reads the words as explicit (403 age_check_required), and reloads the profile", async () => {
    const { user } = await openAs(unverified);
    const profileLoads = requestsTo('GET', '/api/v1/me').length;
    await user.clear(promptBox());
    await user.type(promptBox(), 'A nude portrait by a window');
    await user.click(generateButton());

    const message = await ageMessage();
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(1);
    expect(within(message).getByRole('button', { name: 'Verify your age' })).toBeEnabled();
    // Said once: not the gateway's message as well.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await waitFor(() => {
      expect(requestsTo('GET', '/api/v1/me').length).toBeGreaterThan(profileLoads);
    });
  });

  it('offers to resume a check still pending', async () => {
    const { user } = await openAs({ status: 'pending', checkedAt: Date.now(), required: true });
    await user.click(nsfwTile());
    await user.click(generateButton());

    const message = await ageMessage();
    expect(message).toHaveTextContent('Your age check is not finished yet: resume it, then generate.');
    expect(within(message).getByRole('button', { name: 'Resume verification' })).toBeInTheDocument();
  });

  it('tells a user whose check was declined what is left, and where to ask support', async () => {
    const { user } = await openAs({ status: 'declined', checkedAt: Date.UTC(2026, 10, 1), required: true });
    await user.click(nsfwTile());
    await user.click(generateButton());

    const message = await ageMessage();
    expect(message).toHaveTextContent('Your age check was declined, so Lucent cannot make explicit images for you.');
    expect(message).toHaveTextContent('Every style that is not explicit still works.');
    expect(within(message).getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile');
    expect(within(message).queryByRole('button')).not.toBeInTheDocument();
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
  });

  it('tells a user found under 18 that explicit styles are locked, in words that are not a decline', async () => {
    const { user } = await openAs({ status: 'minor', checkedAt: Date.UTC(2026, 10, 1), required: true });
    await waitFor(() => {
      expect(nsfwTile()).toHaveAccessibleName(/Locked/);
    });
    expect(nsfwTile()).not.toHaveAccessibleName(/Verify your age/);
    await user.click(nsfwTile());
    await user.click(generateButton());

    const message = await ageMessage();
    expect(message).toHaveTextContent('Your age check found that you are under 18, so explicit styles are locked');
    expect(message).not.toHaveTextContent('declined');
    expect(within(message).queryByRole('button')).not.toBeInTheDocument();
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
  });

  it('chooses the style and the prompt the address names, as the way back from the age check does', async () => {
    await openAs(unverified, { url: '/generate?style=nsfw-v1.1&prompt=a+heron+at+dawn' });
    expect(nsfwTile()).toBeChecked();
    expect(screen.getByLabelText('Prompt')).toHaveValue('a heron at dawn');
  });

  it('shows a placeholder for an explicit image drawn from, never asking for it, and does not send the request', async () => {
    const image = makeGeneration({ prompt: 'A study in charcoal', explicit: true });
    db.history = [image];
    const { user } = await openAs(unverified, { state: { params: { prompt: image.prompt }, source: { image, mode: 'vary-subtle' } } });

    const source = screen.getByRole('group', { name: 'Made from' });
    expect(within(source).getByText('Verify your age to see this image')).toBeInTheDocument();
    await user.click(generateButton());
    expect(await ageMessage()).toBeInTheDocument();
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
    expect(requestsTo('GET', `/api/v1/generations/${image.id}/image`)).toHaveLength(0);
  });
});
