import { PHONE_INVALID_MESSAGE, screenPhone } from './phone-screen.ts';

// The browser's twin of phone-check.ts: what the page can tell without the numbering plans. A
// number it lets through is read, and maybe refused, by the server.

export const checkPhone = (value: string) =>
  screenPhone(value)
    ? { ok: true as const, e164: value }
    : { ok: false as const, message: PHONE_INVALID_MESSAGE };
