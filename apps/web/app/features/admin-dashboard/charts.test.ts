import { addDays } from '@souk/domain/admin-dashboard';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DAILY_BARS_MAX_DAYS, RevenueChart, revenueBars, StatusChart } from './charts';
import { dayFigures, perStatus } from './dashboard-fixture';

/** `count` days from `from`, each with `revenue`. */
const period = (from: string, count: number, revenue = 1000) =>
  Array.from({ length: count }, (_, i) => dayFigures(addDays(from, i), revenue));

const revenueChart = (days: ReturnType<typeof period>) =>
  renderToStaticMarkup(createElement(RevenueChart, { id: 'r', title: "Chiffre d'affaires par jour", days }));

describe('the revenue chart', () => {
  it('draws a bar per day up to 90 days', () => {
    const days = period('2026-01-01', DAILY_BARS_MAX_DAYS);
    expect(revenueBars(days)).toHaveLength(DAILY_BARS_MAX_DAYS);
  });

  it('over longer periods, draws a bar per week from Monday, the ends partial, summing every day', () => {
    // Thursday 2026-01-01 to Friday 2027-01-01: 366 days.
    const days = period('2026-01-01', 366);
    const bars = revenueBars(days);
    expect(bars[0]).toEqual({ from: '2026-01-01', to: '2026-01-04', revenue: 4000 });
    expect(bars[1]).toEqual({ from: '2026-01-05', to: '2026-01-11', revenue: 7000 });
    expect(bars.at(-1)).toEqual({ from: '2026-12-28', to: '2027-01-01', revenue: 5000 });
    expect(bars).toHaveLength(53);
    expect(bars.reduce((sum, b) => sum + b.revenue, 0)).toBe(366_000);
  });

  it('writes its amount and dates as HTML text, not as SVG text that shrinks with the drawing', () => {
    const html = revenueChart(period('2026-11-01', 30));
    expect(html).not.toContain('<text');
    expect(html).toMatch(/<p[^>]*>max\. 1\u202f?000\u00a0FCFA<\/p>/);
    expect(html).toContain('<span>01/11</span><span>15/11</span><span>30/11</span>');
  });

  it('keeps a row per day in its table when the bars are weeks', () => {
    const html = revenueChart(period('2026-01-01', 366));
    expect(html).toContain('une barre par semaine');
    expect(html.match(/<rect/g)).toHaveLength(53);
    expect(html.match(/<tr/g)).toHaveLength(1 + 366);
  });
});

describe('the orders by status chart', () => {
  it('leaves its labels and counts readable, and hides only the bars', () => {
    const html = renderToStaticMarkup(
      createElement(StatusChart, { id: 's', title: 'Commandes par statut', counts: perStatus(2) }),
    );
    const list = html.match(/<ul[^>]*>/)?.[0] ?? '';
    expect(list).not.toContain('aria-hidden');
    expect(html).toMatch(/<li[^>]*><span[^>]*><span[^>]*>En attente<\/span>/);
    expect(html.match(/<span aria-hidden="true"/g)).toHaveLength(6);
  });
});
