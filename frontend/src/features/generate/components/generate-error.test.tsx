import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { db } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render-app';

import { GenerateError } from './generate-error';

const exhausted = new ApiError(429, 'quota_exhausted', "You have used today's credits");

describe('GenerateError: out of credits', () => {
  it("offers Premium's credits as the catalog states them", async () => {
    db.catalog.plans = { freeDaily: 10, proMonthly: 1500 };
    renderApp(<GenerateError error={exhausted} pro={false} resetsAt="2026-11-27T00:00:00Z" />);
    expect(await screen.findByRole('link', { name: 'Upgrade to Premium for 1,500 credits per month' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
  });

  it('offers no upgrade to a Premium user', () => {
    renderApp(<GenerateError error={exhausted} pro resetsAt="2026-12-14T00:00:00Z" />);
    expect(screen.queryByRole('link', { name: /Upgrade/ })).not.toBeInTheDocument();
  });
});
