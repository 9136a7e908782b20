import { describe, expect, it } from 'vitest';
import { readReportQuery, reportExportHref, reportPresets } from './report-params';

describe("the report's URL", () => {
  it('reads the days asked, leaving blank ones out', () => {
    expect(readReportQuery(new URLSearchParams('from=2026-11-01&to=2026-11-25'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-25',
    });
    expect(readReportQuery(new URLSearchParams('from=&to=%202026-11-25%20'))).toEqual({ to: '2026-11-25' });
    expect(readReportQuery(new URLSearchParams(''))).toEqual({});
  });

  it('offers the last 7, 30 and 90 days, today included', () => {
    expect(reportPresets('2026-11-25').map((p) => [p.label, p.href])).toEqual([
      ['7 derniers jours', '/admin/report?from=2026-11-19&to=2026-11-25'],
      ['30 derniers jours', '/admin/report?from=2026-10-27&to=2026-11-25'],
      ['90 derniers jours', '/admin/report?from=2026-08-28&to=2026-11-25'],
    ]);
  });

  it('downloads the period shown', () => {
    expect(reportExportHref({ from: '2026-10-27', to: '2026-11-25' })).toBe(
      '/admin/report/export?from=2026-10-27&to=2026-11-25',
    );
  });
});
