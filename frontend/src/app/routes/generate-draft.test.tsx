import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { DEFAULT_PROMPT } from '@/features/generate/defaults';
import { ada, generateButton, openGenerate, promptBox } from '@/testing/generate-page';

const seedBox = () => screen.getByRole('textbox', { name: 'Seed' });
const stepsBox = () => screen.getByRole('textbox', { name: 'Steps' });
const negativeBox = () => screen.getByRole('textbox', { name: 'Negative prompt' });

/** Fills every field of the form with something other than its default. */
async function fillForm(user: Awaited<ReturnType<typeof openGenerate>>['user']) {
  await user.clear(promptBox());
  await user.type(promptBox(), 'A lighthouse in a storm');
  await user.type(negativeBox(), 'text');
  await user.click(screen.getByRole('radio', { name: 'Anime V1' }));
  // The size made, with 2x Enhance still on.
  await user.click(screen.getByRole('radio', { name: 'Portrait 2:3 · 1024×1536' }));
  await user.click(screen.getByRole('button', { name: 'Korean' }));
  await user.type(seedBox(), '42');
  await user.type(stepsBox(), '20');
  await user.clear(screen.getByRole('spinbutton', { name: 'Guidance (CFG)' }));
  await user.type(screen.getByRole('spinbutton', { name: 'Guidance (CFG)' }), '4.5');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sampler' }), 'euler-a');
  await user.click(screen.getByRole('switch', { name: '2x Enhance' }));
}

/** What fillForm typed and picked, as the form shows it. */
function expectFilled() {
  expect(promptBox()).toHaveValue('A lighthouse in a storm');
  expect(negativeBox()).toHaveValue('text');
  expect(screen.getByRole('radio', { name: 'Anime V1' })).toBeChecked();
  expect(screen.getByRole('radio', { name: 'Portrait 2:3 · 512×768' })).toBeChecked();
  expect(screen.getByRole('button', { name: 'Korean' })).toHaveAttribute('aria-pressed', 'true');
  expect(seedBox()).toHaveValue('42');
  expect(stepsBox()).toHaveValue('20');
  expect(screen.getByRole('spinbutton', { name: 'Guidance (CFG)' })).toHaveValue(4.5);
  expect(screen.getByRole('combobox', { name: 'Sampler' })).toHaveValue('euler-a');
  expect(screen.getByRole('switch', { name: '2x Enhance' })).not.toBeChecked();
}

describe('Generate page: the form keeps what the user set', () => {
  it('keeps every field through a PRO chip to /subscribe and the browser’s Back', async () => {
    const { user, router } = await openGenerate({ user: ada });
    await fillForm(user);

    await user.click(screen.getByRole('link', { name: 'More looks Pro' }));
    await screen.findByRole('heading', { level: 1, name: 'Premium' });
    await router.navigate(-1);

    await screen.findByRole('radio', { name: 'Anime V1' });
    expectFilled();
  });

  it('keeps every field when the page is opened again from scratch (a reload)', async () => {
    const first = await openGenerate({ user: ada });
    await fillForm(first.user);
    first.unmount();

    await openGenerate({ url: '/generate' });
    // Ada is still signed in: the same browser, the same account.
    await waitFor(() => {
      expect(promptBox()).toHaveValue('A lighthouse in a storm');
    });
    expectFilled();
  });

  it('never shows one account’s draft to another account on the same browser', async () => {
    const first = await openGenerate({ user: ada });
    await first.user.clear(promptBox());
    await first.user.type(promptBox(), 'Ada’s secret prompt');
    first.unmount();

    const second = await openGenerate({ user: { email: 'bob@example.com', displayName: 'Bob' } });
    expect(promptBox()).toHaveValue(DEFAULT_PROMPT);
    await second.user.clear(promptBox());
    await second.user.type(promptBox(), 'Bob’s prompt');

    // Each kept for its own account (uid-1 is Ada's).
    expect(sessionStorage.getItem('lucent.draft.user.uid-1')).toContain('Ada’s secret prompt');
    expect(sessionStorage.getItem('lucent.draft.user.uid-2')).toContain('Bob’s prompt');
  });

  it('carries a guest’s prompt through registering into the new account, and no further', async () => {
    const { user, router } = await openGenerate();
    await user.clear(promptBox());
    await user.type(promptBox(), 'A red fox in snow');
    await user.click(generateButton());
    await screen.findByRole('heading', { level: 1, name: 'Register' });

    await user.type(screen.getByLabelText('Name'), 'Grace');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('checkbox', { name: /18 or older/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/generate');
    });
    expect(await screen.findByRole('textbox', { name: 'Prompt' })).toHaveValue('A red fox in snow');
    expect(sessionStorage.getItem('lucent.draft.guest')).toBeNull();
  });

  it('starts afresh on Reset form, and stays fresh after a reload', async () => {
    const first = await openGenerate({ user: ada });
    await fillForm(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Reset form' }));

    expect(promptBox()).toHaveValue(DEFAULT_PROMPT);
    expect(promptBox()).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Real V1.1' })).toBeChecked();
    expect(seedBox()).toHaveValue('');
    expect(stepsBox()).toHaveValue('');
    expect(screen.getByRole('switch', { name: '2x Enhance' })).toBeChecked();
    first.unmount();

    await openGenerate({ url: '/generate' });
    expect(promptBox()).toHaveValue(DEFAULT_PROMPT);
    expect(screen.getByRole('radio', { name: 'Real V1.1' })).toBeChecked();
  });
});
