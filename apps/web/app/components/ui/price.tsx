import { formatFcfa } from '@souk/domain/money';

export function Price({ amount, from, className }: { amount: number; from?: boolean; className?: string }) {
  return (
    <span className={className}>
      {from ? 'À partir de ' : ''}
      {formatFcfa(amount)}
    </span>
  );
}
