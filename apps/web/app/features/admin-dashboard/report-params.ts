import { lastDays, REPORT_PRESET_DAYS, type ReportQuery } from '@souk/domain/admin-dashboard';

// The report's state is its URL (?from=2026-10-27&to=2026-11-25): a period can be bookmarked,
// shared and reloaded. The API checks the days; the page only passes them on.

/** The days the URL asks for, as typed (blank ones left out). */
export function readReportQuery(params: URLSearchParams): { from?: string; to?: string } {
  const query: { from?: string; to?: string } = {};
  for (const key of ['from', 'to'] as const) {
    const value = params.get(key)?.trim();
    if (value) query[key] = value;
  }
  return query;
}

const periodSearch = ({ from, to }: Required<ReportQuery>) => `?${new URLSearchParams({ from, to })}`;

/** The periods one click away: the last 7, 30 and 90 days up to `today`. */
export const reportPresets = (today: string) =>
  REPORT_PRESET_DAYS.map((days) => {
    const period = lastDays(days, today);
    return { days, label: `${days} derniers jours`, period, href: `/admin/report${periodSearch(period)}` };
  });

/** The CSV of a period, through the web's download route (the admin checked first). */
export const reportExportHref = (period: Required<ReportQuery>) =>
  `/admin/report/export${periodSearch(period)}`;
