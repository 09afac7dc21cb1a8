import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { db, requestsTo } from '@/testing/mocks/db';
import { makeGeneration } from '@/testing/mocks/records';
import { renderApp } from '@/testing/render-app';

import { Studio } from './studio';

const ada = { email: 'ada@example.com', displayName: 'Ada' };

function openForm(user?: typeof ada) {
  return renderApp(<Studio onFinished={vi.fn()} onGuest={vi.fn()} />, { user });
}

describe('Generate page: recent prompts', () => {
  it('offers the distinct recent prompts, most recent first, and one fills the prompt', async () => {
    db.history = ['A red fox', 'A cat', 'A red fox', 'A dog'].map((prompt) => makeGeneration({ prompt }));
    const { user } = openForm(ada);
    const recent = await screen.findByRole('region', { name: 'Recent prompts' });
    const buttons = within(recent).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['A red fox', 'A cat', 'A dog']);
    expect(requestsTo('GET', '/api/v1/generations')[0]?.search).toBe('');

    await user.click(within(recent).getByRole('button', { name: 'A cat' }));
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('A cat');
  });

  it('offers at most eight', async () => {
    db.history = Array.from({ length: 10 }, (_, index) => makeGeneration({ prompt: `Prompt ${String(index)}` }));
    openForm(ada);
    const recent = await screen.findByRole('region', { name: 'Recent prompts' });
    expect(within(recent).getAllByRole('button')).toHaveLength(8);
    expect(within(recent).getAllByRole('button')[7]).toHaveTextContent('Prompt 7');
  });

  it('offers a guest none and asks for no history', async () => {
    db.history = [makeGeneration({ prompt: 'A red fox' })];
    openForm();
    await screen.findByRole('radio', { name: 'Real V1.1' });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
    });
    expect(screen.queryByRole('region', { name: 'Recent prompts' })).not.toBeInTheDocument();
    expect(requestsTo('GET', '/api/v1/generations')).toHaveLength(0);
  });
});
