import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

import styles from './landing.module.css';

const steps = [
  { title: 'Describe it', text: 'Write what you want to see, in your own words.' },
  { title: 'Pick a style', text: 'Choose a model and a look that fits the picture in your head.' },
  { title: 'Generate', text: 'Lucent renders a realistic image in moments.' },
] as const;

export function LandingRoute() {
  return (
    <>
      <title>Lucent: text to image</title>
      <section className={styles.hero}>
        <h1 className={styles.title}>Lucent</h1>
        <p className={styles.tagline}>Turn a few words into a realistic image.</p>
        <div className={styles.actions}>
          <Link to={paths.generate} className="button button-primary">
            Start creating
          </Link>
          <Link to={paths.subscribe} className="button">
            See pricing
          </Link>
        </div>
      </section>
      <section id="how-it-works" className={styles.steps} aria-labelledby="how-it-works-title">
        <h2 id="how-it-works-title">How it works</h2>
        <ol className={styles.stepList}>
          {steps.map((step) => (
            <li key={step.title} className={styles.step}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
