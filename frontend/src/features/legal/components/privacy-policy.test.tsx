import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/render-app';

import { PrivacyPolicy } from './privacy-policy';

/** The text under the heading `name`, up to the next heading. */
function section(name: string): string {
  const heading = screen.getByRole('heading', { level: 2, name });
  const texts: string[] = [];
  for (let next = heading.nextElementSibling; next && next.tagName !== 'H2'; next = next.nextElementSibling) {
    texts.push(next.textContent);
  }
  return texts.join(' ');
}

describe('Privacy Policy', () => {
  it('says every image is marked as AI-made, machine-readably', () => {
    renderApp(<PrivacyPolicy />);
    expect(section('Every image is marked as AI-made')).toMatch(
      /machine-readable mark that it was made by AI: the IPTC digital source type trainedAlgorithmicMedia in its XMP metadata/,
    );
  });

  it('says how to export and how to delete, both from the profile', () => {
    renderApp(<PrivacyPolicy />);
    expect(section('Taking your data with you')).toMatch(/Export my data downloads a ZIP file/);
    expect(section('Deleting your account')).toMatch(
      /Delete my account, confirmed by typing your account's email, deletes it at once: your subscription is cancelled at once \(no refund for the period begun\)/,
    );
    const profileLinks = screen.getAllByRole('link', { name: 'profile' });
    expect(profileLinks.map((link) => link.getAttribute('href'))).toEqual(['/profile', '/profile']);
  });

  it('says the age check keeps no document and no birth date', () => {
    renderApp(<PrivacyPolicy />);
    expect(section('What we collect')).toMatch(
      /Your ID document, your selfie and your birth date stay with Persona: we read the birth date it verified only to decide, and never keep it/,
    );
  });

  it('says what is kept and for how long', () => {
    renderApp(<PrivacyPolicy />);
    const kept = within(screen.getByRole('heading', { name: 'How long we keep it' }).nextElementSibling as HTMLElement);
    const items = kept.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      expect.stringMatching(/^Free images are kept for a limited time, then deleted automatically/),
      expect.stringMatching(/^Premium images are kept until you delete them or your account/),
      expect.stringMatching(/^Credits are counted per period/),
      expect.stringMatching(/^Refused requests are kept, with their prompts, for our staff to review\. .*until the review ends/),
      expect.stringMatching(
        /^After an account is deleted, its credit count for the current period and its refused requests of the last 24 hours are kept until.*a keyed hash of the account's email, never the address itself, and only if you had verified that address: a new account that verifies the same email starts with the same credit count, refused requests, suspension and age check result/,
      ),
      expect.stringMatching(/^An audit note .* of the account's deletion is kept after the account is gone\. It never holds a prompt/),
      expect.stringMatching(/^Payments: our payment processor \(Verotel or Stripe\) keeps its own records/),
      expect.stringMatching(/^Age checks: Persona keeps what you showed it/),
    ]);
  });
});
