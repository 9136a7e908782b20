// An amount as the shop's owner types it in the back office, read as she means it. Apart from
// money.ts, which every storefront page loads to write prices: reading them is the back office's.

/**
 * How a price field asks to be written when it refuses what was typed:
 * 'Écrivez le prix en FCFA, sans centimes : 3500, 3 500 ou 3.500'.
 */
export const howToWriteAmount = (what: string) =>
  `Écrivez ${what} en FCFA, sans centimes : 3500, 3 500 ou 3.500`;

// Whole FCFA as the shop's owners type them: digits, or groups of three after a first group of one
// to three, split by a dot or a space (plain, no-break or narrow no-break, as formatFcfa writes;
// one kind in an amount), then FCFA, F CFA or F if she likes. A comma, or a last group that is not
// three digits ('3,5', '3.50', '35.00'), is a decimal somewhere: the FCFA has none, so it is refused
// rather than guessed. No sign, no leading zero ('0.500' could be a half).
const TYPED_AMOUNT = /^([1-9]\d*|[1-9]\d{0,2}([. \u00a0\u202f])\d{3}(?:\2\d{3})*)\s*(?:F\s?CFA|CFA|F|XOF)?$/i;

/** '3.500', '3 500 FCFA', '3500 F' → 3500; '12.500.000' → 12500000; null for anything else ('3,5', '0'). */
export function parseFcfaAmount(text: string): number | null {
  const match = TYPED_AMOUNT.exec(text.trim());
  return match?.[1] ? Number(match[1].replace(/\D/g, '')) : null;
}
