import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '@/hooks/use-media-query';
import type { GenerateState } from '@/types/navigation';

import { heroPrompts } from '../content';

import styles from './prompt-slideshow.module.css';

/**
 * Each card takes 7500 ms, a 1500 ms flip and then 6000 ms on show (docs/product.md, The
 * landing page).
 */
export const FLIP_MS = 1500;
export const SHOWN_MS = 6000;
export const SLIDE_MS = FLIP_MS + SHOWN_MS;

/**
 * The hero's rotating prompt cards. Rotation stops while paused, and does not start on its own
 * for people who asked for reduced motion (they can still play it, without the flip).
 */
export function PromptSlideshow() {
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [index, setIndex] = useState(0);
  const [flipping, setFlipping] = useState(false);
  const playing = playChoice ?? !reducedMotion;

  // One timer per card, so choosing a card by hand gives it its full time.
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => {
      setIndex((index + 1) % heroPrompts.length);
      setFlipping(true);
    }, SLIDE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [playing, index]);

  useEffect(() => {
    if (!flipping) return;
    const timer = setTimeout(() => {
      setFlipping(false);
    }, FLIP_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [flipping, index]);

  const card = heroPrompts[index] ?? heroPrompts[0];
  const state: GenerateState = { params: { prompt: card.prompt } };

  return (
    <section className={styles.slideshow} aria-roledescription="carousel" aria-label="Example prompts">
      <div
        className={styles.card}
        data-testid="prompt-card"
        data-flipping={flipping && !reducedMotion}
        aria-roledescription="slide"
        aria-label={`${String(index + 1)} of ${String(heroPrompts.length)}`}
        // Announce changes only when the user drives them, not every 7.5 s.
        aria-live={playing ? 'off' : 'polite'}
        key={index}
      >
        <span className={styles.style}>{card.style}</span>
        <p className={styles.prompt}>{card.prompt}</p>
        <Link to={paths.generate} state={state} className={styles.use}>
          Use this prompt
        </Link>
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.play}
          onClick={() => {
            setPlayChoice(!playing);
          }}
        >
          {playing ? 'Pause slideshow' : 'Play slideshow'}
        </button>
        <div className={styles.dots}>
          {heroPrompts.map((prompt, position) => (
            <button
              key={prompt.prompt}
              type="button"
              className={styles.dot}
              aria-label={`Show prompt ${String(position + 1)}`}
              aria-current={position === index}
              onClick={() => {
                setIndex(position);
                setFlipping(false);
              }}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
