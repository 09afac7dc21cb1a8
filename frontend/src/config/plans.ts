import type { Catalog } from '@/types/api';

export type Plans = Catalog['plans'];

/**
 * Each plan's credits as the gateway ships them (LUCENT_FREE_DAILY, LUCENT_PRO_MONTHLY). Pages
 * with the catalog at hand state its `plans`; the landing page, whose JavaScript is budgeted,
 * states these instead of loading the query layer for two numbers.
 */
export const DEFAULT_PLANS: Plans = { freeDaily: 10, proMonthly: 1000 };

const count = (credits: number) => credits.toLocaleString('en-US');

/** What Free gives, worded the same on every page: "10 credits per day". */
export function freeAllowance(plans: Plans): string {
  return `${count(plans.freeDaily)} credits per day`;
}

/** What Premium gives, worded the same on every page: "1,000 credits per month". */
export function proAllowance(plans: Plans): string {
  return `${count(plans.proMonthly)} credits per month`;
}

/** When Premium's credits renew, which is not the calendar month. */
export const PRO_RENEWAL = 'renewed with each billing period';
