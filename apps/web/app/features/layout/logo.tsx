/** The shop's mark: a Moroccan arch holding a drop of oil. Inline so the header needs no extra request. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 32 32" className={className}>
      <path d="M4 30V14C4 7.4 9.4 2 16 2s12 5.4 12 12v16H4Z" fill="#f59e0b" />
      <path d="M8.5 30V15a7.5 7.5 0 0 1 15 0v15h-15Z" fill="#064e3b" />
      <path d="M16 11.5c-2.6 3.2-4 5.6-4 7.6a4 4 0 0 0 8 0c0-2-1.4-4.4-4-7.6Z" fill="#fcd34d" />
    </svg>
  );
}
