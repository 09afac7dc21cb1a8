import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { browser } from '@/lib/browser';
import { db, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { makeGeneration } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';

import { routes } from '../router';

const ada = { email: 'ada@example.com', displayName: 'Ada' };

async function openYourData() {
  const view = renderApp(routes, { url: '/profile', user: ada });
  const data = within(await screen.findByRole('region', { name: 'Your data' }));
  return { ...view, data, exportButton: data.getByRole('button', { name: 'Export my data' }) };
}

/** The names of an archive's files, as its central directory lists them. */
async function namesIn(blob: Blob): Promise<string[]> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const view = new DataView(bytes.buffer);
  const names: string[] = [];
  for (let at = 0; at + 46 <= bytes.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const length = view.getUint16(at + 28, true);
    names.push(new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + length)));
  }
  return names;
}

describe('Profile page: exporting one’s data', () => {
  it('links the privacy policy from the section', async () => {
    const { data } = await openYourData();
    expect(data.getByRole('link', { name: 'What we keep, and for how long' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('fetches the archive with the ID token, says it is being prepared, and saves it under the name the gateway gives', async () => {
    const save = vi.spyOn(browser, 'saveFile').mockImplementation(() => undefined);
    db.history = [makeGeneration({ id: 'gen-fox' })];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Held, then answered by the fake gateway.
    server.use(http.get('/api/v1/me/export', async () => held));
    const { user, data, exportButton } = await openYourData();

    await user.click(exportButton);
    expect(await data.findByRole('status')).toHaveTextContent('Preparing your export…');
    expect(exportButton).toBeDisabled();
    release();

    await waitFor(() => {
      expect(save).toHaveBeenCalledOnce();
    });
    const [blob, filename] = save.mock.calls[0] ?? [];
    expect(filename).toMatch(/^lucent-export-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(blob?.type).toBe('application/zip');
    expect(await namesIn(blob ?? new Blob())).toEqual(['profile.json', 'generations.json', 'images/gen-fox.png']);
    expect(requestsTo('GET', '/api/v1/me/export')[0]?.authorization).toBe('Bearer token-for-uid-1');
    expect(data.getByRole('status')).toHaveTextContent(`Saved as ${filename ?? ''}.`);
    expect(exportButton).toBeEnabled();
  });

  it('says when the next export can be asked for after too many in a row', async () => {
    const save = vi.spyOn(browser, 'saveFile').mockImplementation(() => undefined);
    server.use(
      http.get('/api/v1/me/export', () => {
        const answer = fail('GET /api/v1/me/export', 429, 'rate_limited', 'too many requests; slow down and try again shortly');
        answer.headers.set('Retry-After', '42');
        return answer;
      }),
    );
    const { user, data, exportButton } = await openYourData();
    await user.click(exportButton);

    expect(await data.findByRole('alert')).toHaveTextContent(
      'You have asked for several exports in a short time. Try again in 42 seconds.',
    );
    expect(save).not.toHaveBeenCalled();
    expect(exportButton).toBeEnabled();
  });

  it("shows any other failure with the gateway's message", async () => {
    server.use(
      http.get('/api/v1/me/export', () => fail('GET /api/v1/me/export', 503, 'store_unavailable', 'the user records are unavailable')),
    );
    const { user, data, exportButton } = await openYourData();
    await user.click(exportButton);
    expect(await data.findByRole('alert')).toHaveTextContent('Your export could not be made: the user records are unavailable');
  });
});
