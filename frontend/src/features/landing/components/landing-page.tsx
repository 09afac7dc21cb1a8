import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

import { aboutBlocks, steps } from '../content';

import { Faq } from './faq';
import styles from './landing.module.css';
import { PromptSlideshow } from './prompt-slideshow';
import { StyleShowcase } from './style-showcase';

export function LandingPage() {
  return (
    <>
      <title>Lucent: text to image</title>
      <section className={styles.hero}>
        <div className={styles.heroText}>
          <h1 className={styles.title}>Lucent</h1>
          <p className={styles.tagline}>Turn a few words into a realistic image.</p>
          <p className={styles.heroLead}>
            Describe a scene, pick a style and a look, and get a picture in moments. For adults, 18 and over.
          </p>
          <div className={styles.actions}>
            <Link to={paths.generate} className="button button-primary">
              Start creating
            </Link>
            <Link to={paths.subscribe} className="button">
              See pricing
            </Link>
          </div>
        </div>
        <PromptSlideshow />
      </section>

      <section id="about" className={styles.section} aria-labelledby="about-title">
        <h2 id="about-title" className={styles.sectionTitle}>
          Why Lucent
        </h2>
        <div className={styles.about}>
          {aboutBlocks.map((block) => (
            <article key={block.title} className={styles.block}>
              <h3>{block.title}</h3>
              <p>{block.text}</p>
            </article>
          ))}
        </div>
      </section>

      <StyleShowcase />

      <section id="how-it-works" className={styles.section} aria-labelledby="how-it-works-title">
        <h2 id="how-it-works-title" className={styles.sectionTitle}>
          How it works
        </h2>
        <ol className={styles.stepList}>
          {steps.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <Link to={paths.generate} className="button button-primary">
          Try it now
        </Link>
      </section>

      <Faq />
    </>
  );
}
