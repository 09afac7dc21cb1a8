import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { db } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render-app';

import { TermsOfService } from './terms-of-service';

describe('Terms of Service: plans', () => {
  it("states each plan's credits from the catalog, as the Subscribe page does", async () => {
    db.catalog.plans = { freeDaily: 15, proMonthly: 2000 };
    renderApp(<TermsOfService />);
    const plans = screen.getByRole('heading', { level: 2, name: 'Plans' }).nextElementSibling;
    await waitFor(() => {
      expect(plans).toHaveTextContent('Free accounts get 15 credits per day');
    });
    expect(plans).toHaveTextContent('2,000 credits per month, renewed with each billing period.');
  });
});
