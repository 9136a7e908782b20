// Small inline icons (no icon library: every kilobyte counts on cheap phones). Decorative: hidden from assistive tech.
export type IconProps = { className?: string };

/** The frame every icon shares (24 × 24, stroked with round ends, hidden from assistive tech). */
export function Svg({
  className,
  filled = false,
  strokeWidth = 1.8,
  children,
}: IconProps & { filled?: boolean; strokeWidth?: number; children: React.ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {children}
    </svg>
  );
}

export const SearchIcon = ({ className = 'h-5 w-5' }: IconProps) => (
  <Svg className={className}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </Svg>
);

export const CloseIcon = ({ className = 'h-5 w-5' }: IconProps) => (
  <Svg className={className}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);

export const BagIcon = ({ className = 'h-5 w-5' }: IconProps) => (
  <Svg className={className}>
    <path d="M5 8h14l-1 12H6L5 8Z" />
    <path d="M9 8V6.5a3 3 0 0 1 6 0V8" />
  </Svg>
);

export const UserIcon = ({ className = 'h-5 w-5' }: IconProps) => (
  <Svg className={className}>
    <circle cx="12" cy="8" r="3.6" />
    <path d="M4.5 20c1.2-3.6 4-5.4 7.5-5.4s6.3 1.8 7.5 5.4" />
  </Svg>
);

export const HomeIcon = ({ className = 'h-5 w-5' }: IconProps) => (
  <Svg className={className}>
    <path d="M4 10.5 12 4l8 6.5V20h-5.5v-5.5h-5V20H4v-9.5Z" />
  </Svg>
);

export const GridIcon = ({ className = 'h-5 w-5' }: IconProps) => (
  <Svg className={className}>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
  </Svg>
);

export const ArrowRightIcon = ({ className = 'h-4 w-4' }: IconProps) => (
  <Svg className={className}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Svg>
);

export const SparkleIcon = ({ className = 'h-4 w-4' }: IconProps) => (
  <Svg className={className}>
    <path d="M12 3.5 13.8 9l5.7 1.9-5.7 1.9L12 18.5l-1.8-5.7L4.5 11 10.2 9 12 3.5Z" />
  </Svg>
);
