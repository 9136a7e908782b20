// XOF has no minor unit: every price is a whole number of FCFA.
const fcfaNumber = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** 12500 → '12 500 FCFA' (French grouping with a narrow no-break space, no-break space before FCFA). */
export function formatFcfa(amount: number | string | null | undefined): string {
  const value = Math.round(Number(amount ?? 0));
  return `${fcfaNumber.format(Number.isFinite(value) ? value : 0)}\u00a0FCFA`;
}

const countNumber = new Intl.NumberFormat('fr-FR');

/** A count or a share as the shop writes it: '1\u202f234', '12,5' (fr-FR grouping and decimal comma). */
export const formatCount = (value: number): string => countNumber.format(value);
