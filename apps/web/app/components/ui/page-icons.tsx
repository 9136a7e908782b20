// Icons drawn inside pages (carousel and gallery controls, contact buttons): apart from the shop's
// frame icons (icons.tsx), which every page's first load carries.
import { type IconProps, Svg } from './icons';

export const ChevronLeftIcon = ({ className = 'h-5 w-5' }: IconProps) => (
  <Svg className={className}>
    <path d="m14.5 6-6 6 6 6" />
  </Svg>
);

export const ChevronRightIcon = ({ className = 'h-5 w-5' }: IconProps) => (
  <Svg className={className}>
    <path d="m9.5 6 6 6-6 6" />
  </Svg>
);

export const PlayIcon = ({ className = 'h-4 w-4' }: IconProps) => (
  <Svg filled className={className}>
    <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10-6.5a1 1 0 0 0 0-1.7l-10-6.6A1 1 0 0 0 8 5.5Z" />
  </Svg>
);

export const PauseIcon = ({ className = 'h-4 w-4' }: IconProps) => (
  <Svg filled className={className}>
    <rect x="6.5" y="5" width="4" height="14" rx="1" />
    <rect x="13.5" y="5" width="4" height="14" rx="1" />
  </Svg>
);

export const PhoneIcon = ({ className = 'h-5 w-5' }: IconProps) => (
  <Svg className={className}>
    <path d="M6.6 3.8 9 3.5l1.6 4.1-2 1.4a11 11 0 0 0 6.4 6.4l1.4-2 4.1 1.6-.3 2.4a2 2 0 0 1-2 1.7A15.9 15.9 0 0 1 4.9 5.8a2 2 0 0 1 1.7-2Z" />
  </Svg>
);

export const WhatsappIcon = ({ className = 'h-5 w-5' }: IconProps) => (
  <Svg filled className={className}>
    <path d="M12 2.2a9.7 9.7 0 0 0-8.4 14.6L2.3 21.7l5-1.3A9.7 9.7 0 1 0 12 2.2Zm0 17.7a8 8 0 0 1-4.1-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8 8 0 1 1 12 19.9Zm4.4-6c-.2-.1-1.4-.7-1.7-.8-.2-.1-.4-.1-.5.1l-.8 1c-.1.2-.3.2-.5.1a6.5 6.5 0 0 1-3.2-2.8c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.5-.4h-.5a.9.9 0 0 0-.6.3 2.7 2.7 0 0 0-.8 2 4.7 4.7 0 0 0 1 2.5 10.7 10.7 0 0 0 4.1 3.6c1.5.7 2.1.7 2.9.6.5-.1 1.4-.6 1.6-1.1.2-.6.2-1 .1-1.1l-.5-.5Z" />
  </Svg>
);
