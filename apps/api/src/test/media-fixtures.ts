// Names under DATA_DIR/media the shop never makes (modules/media/media-names.ts), as a tampered
// backup or a stray copy would plant them: neither served (Node, nginx) nor restored.

/** A key as the pipelines make them: 32 hex digits. */
export const MEDIA_KEY = '0123456789abcdef0123456789abcdef';

/** What a planted file holds: a page whose script would run on the shop's origin. */
export const PLANTED_PAGE = '<!doctype html><script>alert(document.cookie)</script>';

export const FOREIGN_MEDIA_NAMES = [
  'evil.html',
  `${MEDIA_KEY}-360.svg`,
  // A width no picture was ever written at.
  `${MEDIA_KEY}-999.webp`,
  `${MEDIA_KEY}.html`,
  `sub/${MEDIA_KEY}-360.webp`,
];
