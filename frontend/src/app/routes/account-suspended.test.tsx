import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { supportMailto } from '@/config/support';
import { formatDateTime } from '@/lib/format';
import { ada, openGenerate, promptBox } from '@/testing/generate-page';
import { db, requestsTo } from '@/testing/mocks/db';
import { makeSuspension } from '@/testing/mocks/records';
import { renderApp } from '@/testing/render-app';

import { routes } from '../router';

const suspendedNotice = () => screen.findByRole('region', { name: 'Account suspended' });

describe('a suspended account, as the pages open', () => {
  it('is told at the top of Generate, before pressing anything, with the way to a review', async () => {
    const suspension = makeSuspension({ upheld: true });
    db.suspension = suspension;
    await openGenerate({ user: ada });

    const notice = await suspendedNotice();
    expect(notice).toHaveTextContent('Your account is suspended. You cannot generate images or subscribe');
    expect(notice).toHaveTextContent(
      `since ${formatDateTime(suspension.since)}: 5 refused requests in 24 hours. Our staff reviewed it and kept it.`,
    );
    expect(notice).toHaveTextContent(suspension.review);
    expect(within(notice).getByRole('link', { name: 'support@lucent.example' })).toHaveAttribute(
      'href',
      supportMailto('Review of the suspension of ada@example.com'),
    );
    // Above the form: the first thing read after the page's title.
    expect(notice.compareDocumentPosition(promptBox()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(requestsTo('POST', '/api/v1/jobs')).toHaveLength(0);
  });

  it('is told on the profile as it opens', async () => {
    db.suspension = makeSuspension();
    renderApp(routes, { url: '/profile', user: ada });
    expect(await screen.findByRole('region', { name: 'Your standing' })).toHaveTextContent(/^Generation is suspended since/);
  });

  it('shows nothing of it to an account in good standing', async () => {
    await openGenerate({ user: ada });
    await screen.findByTestId('credits');
    expect(screen.queryByRole('region', { name: 'Account suspended' })).not.toBeInTheDocument();
  });
});
