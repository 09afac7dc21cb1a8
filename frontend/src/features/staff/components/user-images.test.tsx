import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { db, requestsTo } from '@/testing/mocks/db';
import { fail, http } from '@/testing/mocks/handlers';
import { makeSupportImage, makeSupportUser } from '@/testing/mocks/records';
import { server } from '@/testing/mocks/server';
import { openCard, STAFF_UID } from '@/testing/staff-console';

const UID = 'uid-grace';
const lighthouse = () =>
  makeSupportImage(UID, { id: 'gen-a', prompt: 'A lighthouse at dawn', negativePrompt: 'fog', seed: 77, look: 'nordic' });
const fox = () =>
  makeSupportImage(UID, {
    id: 'gen-b',
    prompt: 'A red fox in snow',
    width: 768,
    height: 512,
    size: 'landscape',
    cfg: 4.5,
    sampler: 'euler-a',
  });
const previewPath = (id: string) => `/api/v1/support/users/${UID}/generations/${id}/preview`;

async function openImages(images = [lighthouse(), fox()]) {
  db.supportImages[UID] = images;
  const view = await openCard(makeSupportUser());
  const section = within(view.card.getByRole('region', { name: 'Images' }));
  if (images.length > 0) await section.findAllByRole('article');
  return { ...view, section };
}

/** The <img> of a preview once its bytes are shown (a placeholder stands in before). */
async function loadedPreview(section: Section, prompt: string) {
  const name = `Blurred preview: ${prompt}`;
  await waitFor(() => {
    expect(section.getByRole('img', { name })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
  });
  return section.getByRole('img', { name });
}

type Section = Awaited<ReturnType<typeof openImages>>['section'];
const imageCard = (section: Section, prompt: string) => within(section.getByRole('article', { name: prompt }));

describe('Support console: the user’s images', () => {
  it('shows each image’s metadata and its blurred preview, fetched with the staff token from the support route', async () => {
    const { section } = await openImages();
    const img = await loadedPreview(section, 'A lighthouse at dawn');
    expect(img.tagName).toBe('IMG');
    expect(img).toHaveAttribute('width', '512');
    expect(await loadedPreview(section, 'A red fox in snow')).toHaveAttribute('height', '512');
    const card = imageCard(section, 'A lighthouse at dawn');
    expect(card.getByText(/real-v1\.1 · look nordic · seed 77 · 30 steps · 512×512 · 2x enhance/)).toBeInTheDocument();
    expect(card.getByText('Without: fog')).toBeInTheDocument();
    // By id, as the style is; the lighthouse, made before guidance, says none.
    expect(
      imageCard(section, 'A red fox in snow').getByText(
        /real-v1\.1 · seed 1234 · 30 steps · CFG 4\.5 · sampler euler-a · landscape · 768×512 · 2x enhance/,
      ),
    ).toBeInTheDocument();

    const previews = requestsTo('GET', previewPath('gen-a'));
    expect(previews).toHaveLength(1);
    expect(previews[0]?.authorization).toBe(`Bearer token-for-${STAFF_UID}`);
    expect(requestsTo('GET', previewPath('gen-b'))).toHaveLength(1);
    // Never the user's own routes, which would answer for the staff member's images.
    expect(db.requests.filter((request) => request.path.startsWith('/api/v1/generations'))).toEqual([]);
  });

  it('fetches a preview only once its card comes near the window', async () => {
    // jsdom has no IntersectionObserver (without one, everything counts as in view): this one
    // reports an intersection only when the test says so.
    const watched: { callback: IntersectionObserverCallback; target: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly callback: IntersectionObserverCallback;
        constructor(callback: IntersectionObserverCallback) {
          this.callback = callback;
        }
        observe(target: Element) {
          watched.push({ callback: this.callback, target });
        }
        disconnect() {
          watched.length = 0;
        }
      },
    );
    const { section } = await openImages([lighthouse()]);
    expect(await section.findByRole('img', { name: 'Blurred preview: A lighthouse at dawn' })).toHaveTextContent(
      'Loading the preview…',
    );
    expect(requestsTo('GET', previewPath('gen-a'))).toHaveLength(0);

    expect(watched).toHaveLength(1);
    for (const { callback, target } of watched) {
      callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver);
    }

    await loadedPreview(section, 'A lighthouse at dawn');
    expect(requestsTo('GET', previewPath('gen-a'))).toHaveLength(1);
  });

  it('loads the next page with the cursor the gateway gave', async () => {
    const images = Array.from({ length: 13 }, (_, index) => makeSupportImage(UID, { prompt: `Image number ${String(index + 1)}` }));
    const { user, section } = await openImages(images);
    expect(await section.findByRole('article', { name: 'Image number 12' })).toBeInTheDocument();
    expect(section.queryByRole('article', { name: 'Image number 13' })).not.toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Load more' }));
    expect(await section.findByRole('article', { name: 'Image number 13' })).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requestsTo('GET', `/api/v1/support/users/${UID}/generations`).map((request) => request.search)).toEqual([
      '?limit=12',
      '?limit=12&cursor=12',
    ]);
  });

  it('says when the user has no images', async () => {
    const { section } = await openImages([]);
    expect(await section.findByText('grace@example.com has no images.')).toBeInTheDocument();
  });

  it('deletes an image after a reason and a confirmation, then shows the trail from the gateway', async () => {
    const { user, card, section } = await openImages();
    const lighthouseCard = imageCard(section, 'A lighthouse at dawn');
    await user.click(lighthouseCard.getByRole('button', { name: 'Delete…' }));
    const reason = lighthouseCard.getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveFocus();
    await user.type(reason, 'Abuse report #9');
    await user.click(lighthouseCard.getByRole('button', { name: 'Review the delete' }));
    const question = lighthouseCard.getByRole('group', {
      name: 'Delete the image “A lighthouse at dawn” of grace@example.com for good? This cannot be undone.',
    });
    const yes = within(question).getByRole('button', { name: 'Yes, delete the image' });
    expect(yes).toHaveFocus();
    expect(requestsTo('DELETE', `/api/v1/support/users/${UID}/generations/gen-a`)).toHaveLength(0);
    await user.click(yes);

    await waitFor(() => {
      expect(section.queryByRole('article', { name: 'A lighthouse at dawn' })).not.toBeInTheDocument();
    });
    expect(section.getByRole('article', { name: 'A red fox in snow' })).toBeInTheDocument();
    expect(section.getByRole('heading', { name: 'Images' })).toHaveFocus();
    expect(section.getByRole('status')).toHaveTextContent(/^Done: deleted the image “A lighthouse at dawn” made .*2026/);
    expect(requestsTo('DELETE', `/api/v1/support/users/${UID}/generations/gen-a`).map((request) => request.body)).toEqual([
      { reason: 'Abuse report #9' },
    ]);
    // The trail comes from the gateway again (the delete answers with no body).
    expect(await card.findByRole('row', { name: /Abuse report #9/ })).toHaveTextContent(/delete generation gen-a/);
  });

  it("shows the gateway's refusal of the reason on the reason field", async () => {
    const { user, section } = await openImages();
    const lighthouseCard = imageCard(section, 'A lighthouse at dawn');
    await user.click(lighthouseCard.getByRole('button', { name: 'Delete…' }));
    await user.paste('y'.repeat(501));
    await user.click(lighthouseCard.getByRole('button', { name: 'Review the delete' }));
    await user.click(lighthouseCard.getByRole('button', { name: 'Yes, delete the image' }));

    const reason = lighthouseCard.getByRole('textbox', { name: 'Reason' });
    await waitFor(() => {
      expect(reason).toHaveAttribute('aria-invalid', 'true');
    });
    expect(reason).toHaveAccessibleDescription(/^The reason is at most 500 characters\./);
    expect(reason).toHaveFocus();
    expect(section.getByRole('article', { name: 'A lighthouse at dawn' })).toBeInTheDocument();
  });

  it('says clearly when the gateway refuses because the record is the staff member’s own', async () => {
    server.use(
      http.delete('/api/v1/support/users/{uid}/generations/{id}', () =>
        fail('DELETE /api/v1/support/users/{uid}/generations/{id}', 403, 'own_record', 'staff cannot change their own record; ask a colleague'),
      ),
    );
    const { user, section } = await openImages();
    const lighthouseCard = imageCard(section, 'A lighthouse at dawn');
    await user.click(lighthouseCard.getByRole('button', { name: 'Delete…' }));
    await user.keyboard('Abuse report #9');
    await user.click(lighthouseCard.getByRole('button', { name: 'Review the delete' }));
    await user.click(lighthouseCard.getByRole('button', { name: 'Yes, delete the image' }));

    expect(await lighthouseCard.findByRole('alert')).toHaveTextContent(
      'The image was not deleted. Staff cannot change their own record: ask another member of staff to do it.',
    );
    expect(lighthouseCard.getByRole('button', { name: 'Review the delete' })).toHaveFocus();
  });

  it('deletes nothing when the confirmation is cancelled or the form is closed', async () => {
    const { user, section } = await openImages();
    const lighthouseCard = imageCard(section, 'A lighthouse at dawn');
    await user.click(lighthouseCard.getByRole('button', { name: 'Delete…' }));
    await user.keyboard('Abuse report #9');
    await user.click(lighthouseCard.getByRole('button', { name: 'Review the delete' }));
    await user.click(lighthouseCard.getByRole('button', { name: 'Cancel' }));

    expect(lighthouseCard.queryByRole('group', { name: /\?/ })).not.toBeInTheDocument();
    expect(lighthouseCard.getByRole('button', { name: 'Review the delete' })).toHaveFocus();
    expect(lighthouseCard.getByRole('textbox', { name: 'Reason' })).toHaveValue('Abuse report #9');

    await user.click(lighthouseCard.getByRole('button', { name: 'Keep the image' }));
    expect(lighthouseCard.queryByRole('textbox', { name: 'Reason' })).not.toBeInTheDocument();
    expect(lighthouseCard.getByRole('button', { name: 'Delete…' })).toHaveFocus();
    expect(db.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    expect(screen.getByRole('article', { name: 'A lighthouse at dawn' })).toBeInTheDocument();
  });
});
