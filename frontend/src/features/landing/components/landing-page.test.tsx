import { act, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { setViewport } from '@/testing/media';
import { http } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';

import { faqs, heroPrompts } from '../content';

import { LandingPage } from './landing-page';

const card = () => screen.getByTestId('prompt-card');
const advance = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};

describe('Landing page: prompt slideshow', () => {
  it('rotates through the 4 cards every 7500 ms: a 1500 ms flip, then 6000 ms shown', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderApp(<LandingPage />);
    expect(heroPrompts).toHaveLength(4);
    expect(card()).toHaveTextContent(heroPrompts[0].prompt);
    expect(card()).toHaveAttribute('data-flipping', 'false');

    advance(7499);
    expect(card()).toHaveTextContent(heroPrompts[0].prompt);
    advance(1);
    expect(card()).toHaveTextContent(heroPrompts[1].prompt);
    expect(card()).toHaveAttribute('data-flipping', 'true');
    advance(1499);
    expect(card()).toHaveAttribute('data-flipping', 'true');
    advance(1);
    expect(card()).toHaveAttribute('data-flipping', 'false');

    advance(5999);
    expect(card()).toHaveTextContent(heroPrompts[1].prompt);
    advance(1);
    expect(card()).toHaveTextContent(heroPrompts[2].prompt);
    advance(7500);
    expect(card()).toHaveTextContent(heroPrompts[3].prompt);
    advance(7500);
    expect(card()).toHaveTextContent(heroPrompts[0].prompt);
  });

  it('stops rotating when paused and resumes on play', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderApp(<LandingPage />);
    act(() => {
      screen.getByRole('button', { name: 'Pause slideshow' }).click();
    });
    advance(7500 * 3);
    expect(card()).toHaveTextContent(heroPrompts[0].prompt);

    act(() => {
      screen.getByRole('button', { name: 'Play slideshow' }).click();
    });
    advance(7500);
    expect(card()).toHaveTextContent(heroPrompts[1].prompt);
  });

  it('does not rotate or flip on its own for people who prefer reduced motion', () => {
    setViewport({ reducedMotion: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderApp(<LandingPage />);
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
    advance(7500 * 2);
    expect(card()).toHaveTextContent(heroPrompts[0].prompt);

    // They can still move through the cards by hand, without the flip.
    act(() => {
      screen.getByRole('button', { name: 'Show prompt 3' }).click();
    });
    expect(card()).toHaveTextContent(heroPrompts[2].prompt);
    expect(card()).toHaveAttribute('data-flipping', 'false');
  });

  it("offers each card's prompt to the Generate page", async () => {
    const { user, router } = renderApp(<LandingPage />);
    await user.click(screen.getByRole('link', { name: 'Use this prompt' }));
    expect(router.state.location.pathname).toBe('/generate');
    expect(router.state.location.state).toEqual({ params: { prompt: heroPrompts[0].prompt } });
  });
});

describe('Landing page: FAQ', () => {
  it('opens the first answer at start and keeps one open at a time', async () => {
    const { user } = renderApp(<LandingPage />);
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    const buttons = within(faq).getAllByRole('button');
    expect(buttons.length).toBeGreaterThanOrEqual(3);
    expect(buttons.map((button) => button.getAttribute('aria-expanded'))).toEqual(
      buttons.map((_, index) => String(index === 0)),
    );
    expect(within(faq).getAllByRole('region')).toHaveLength(1);

    await user.click(within(faq).getByRole('button', { name: faqs[2].question }));
    expect(buttons.map((button) => button.getAttribute('aria-expanded'))).toEqual(
      buttons.map((_, index) => String(index === 2)),
    );
    expect(within(faq).getAllByRole('region')).toHaveLength(1);

    await user.click(within(faq).getByRole('button', { name: faqs[2].question }));
    expect(within(faq).queryAllByRole('region')).toHaveLength(0);
    expect(buttons.every((button) => button.getAttribute('aria-expanded') === 'false')).toBe(true);
  });

  it('states refunds within 14 days if unused', async () => {
    const { user } = renderApp(<LandingPage />);
    await user.click(screen.getByRole('button', { name: 'Can I get a refund?' }));
    const answer = screen.getByRole('region', { name: 'Can I get a refund?' });
    expect(answer).toHaveTextContent(/not used .* refund within 14 days/);
  });

  it("states each plan's credits as the Subscribe page does", async () => {
    const { user } = renderApp(<LandingPage />);
    await user.click(screen.getByRole('button', { name: 'What does Premium include?' }));
    const answer = screen.getByRole('region', { name: 'What does Premium include?' });
    expect(answer).toHaveTextContent('1,000 credits per month (renewed with each billing period), for $9.99 a month.');
    expect(answer).toHaveTextContent('Free accounts get 10 credits per day.');
  });
});

describe('Landing page: sections', () => {
  it("has the Lucent heading, about blocks with id about (the nav's About) and the 3-step explainer with id how-it-works", () => {
    renderApp(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Lucent' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Why Lucent' })).toHaveAttribute('id', 'about');
    const steps = screen.getByRole('region', { name: 'How it works' });
    expect(steps).toHaveAttribute('id', 'how-it-works');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
  });
});

describe('Landing page: what each style draws', () => {
  it("shows every style's sample picture, served by the gateway, under its name", async () => {
    renderApp(<LandingPage />);

    const section = await screen.findByRole('region', { name: 'What each style draws' });
    const pictures = within(section).getAllByRole('img');
    expect(pictures.length).toBeGreaterThan(1);
    for (const picture of pictures) {
      expect(picture.getAttribute('src')).toMatch(/^\/api\/v1\/styles\/[^/]+\/sample$/);
    }
    expect(within(section).getByRole('img', { name: 'Anime V1: a sample portrait' })).toBeInTheDocument();
  });

  it('leaves the section out when the catalog cannot be read', async () => {
    let answered: (() => void) | undefined;
    const asked = new Promise<void>((resolve) => {
      answered = resolve;
    });
    server.use(
      http.untyped.get('/api/v1/catalog', () => {
        answered?.();
        return new HttpResponse(null, { status: 503 });
      }),
    );
    renderApp(<LandingPage />);

    await act(() => asked);
    expect(screen.queryByRole('region', { name: 'What each style draws' })).not.toBeInTheDocument();
  });
});
