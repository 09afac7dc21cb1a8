import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

import { routes } from '@/app/router';
import type { GenerationRequest } from '@/types/api';

import { requestsTo } from './mocks/db';
import { renderApp } from './render-app';

// Shared by the Generate page's test files (the form; generating).

export const ada = { email: 'ada@example.com', displayName: 'Ada' };

/** /generate with the catalog loaded. */
export async function openGenerate(options: Parameters<typeof renderApp>[1] = {}) {
  const view = renderApp(routes, { url: '/generate', ...options });
  await screen.findByRole('radio', { name: 'Real V1.1' });
  return view;
}

export const promptBox = () => screen.getByRole('textbox', { name: 'Prompt' });
export const generateButton = () => screen.getByRole('button', { name: 'Generate' });
/** Presses Generate and returns the body the gateway received. */
export async function generateAndWait(user: Awaited<ReturnType<typeof openGenerate>>['user']) {
  await user.click(generateButton());
  await waitFor(() => {
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(1);
  });
  return requestsTo('POST', '/api/v1/jobs').at(-1)?.body as GenerationRequest;
}
