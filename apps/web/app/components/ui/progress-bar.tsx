/** 0.423 → '42 %' (French puts a space before the sign). */
export const percent = (fraction: number) => `${Math.round(fraction * 100)} %`;

/**
 * How far a long task got (an upload, a conversion): `value` from 0 to 1, named for screen readers.
 * Without `value`, a task whose end cannot be told (a photo being shrunk): the bar just moves.
 */
export function ProgressBar({ value, label }: { value?: number; label: string }) {
  return (
    <progress
      max={1}
      value={value}
      aria-label={label}
      className="h-2 w-full overflow-hidden rounded-full accent-emerald-700"
    >
      {value === undefined ? label : percent(value)}
    </progress>
  );
}
