import { act, screen } from '@testing-library/react';
import { Link, Outlet, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/render-app';
import type { NoticeState } from '@/types/navigation';

import { RouteNotice } from './route-notice';

const SAID = 'Your password was changed.';

function Leave() {
  const navigate = useNavigate();
  const state: NoticeState & { other: string } = { notice: SAID, other: 'kept' };
  return (
    <button type="button" onClick={() => void navigate('/arrived?x=1#part', { state })}>
      Leave
    </button>
  );
}

const routes = [
  {
    path: '/',
    element: (
      <>
        <RouteNotice />
        <Outlet />
      </>
    ),
    children: [
      { path: 'start', element: <Leave /> },
      { path: 'arrived', element: <Link to="/elsewhere">Elsewhere</Link> },
      { path: 'elsewhere', element: <p>Elsewhere</p> },
    ],
  },
];

describe('RouteNotice', () => {
  it('says a notice a navigation carried in the live region that was already on the page, so it is announced', async () => {
    const { user } = renderApp(routes, { url: '/start' });
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();

    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText(SAID)).toBeInTheDocument();
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent(SAID);
  });

  it('takes the notice out of the history entry, keeping its address and the rest of its state', async () => {
    const { user, router } = renderApp(routes, { url: '/start' });
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await screen.findByText(SAID);

    expect(router.state.location).toMatchObject({ pathname: '/arrived', search: '?x=1', hash: '#part' });
    expect(router.state.location.state).toEqual({ other: 'kept' });
    expect(screen.getByRole('status')).toHaveTextContent(SAID);
  });

  it('stays until the user goes to another page, and is not said again on Back', async () => {
    const { user, router } = renderApp(routes, { url: '/start' });
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await screen.findByText(SAID);

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('link', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says nothing for state without a notice', () => {
    renderApp(routes, { url: '/arrived', state: { newIds: ['a'] } });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
