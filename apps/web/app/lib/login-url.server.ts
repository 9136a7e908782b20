import { EmailSchema } from '@souk/domain/auth';
import { checkPhone } from '@souk/domain/phone-check';
import { formatPhone } from '@souk/domain/phone-format';
import { LOGIN_IDENTIFIER_PARAM } from './login-url';

/**
 * The identifier a link asks the login page to fill in (loginWith): a phone number the shop reads
 * (shown the way its country writes it) or a well-formed e-mail; anything else is dropped, so a
 * link shared around cannot make the shop's page say what it likes.
 */
export function identifierToFill(url: URL): string | null {
  const value = url.searchParams.get(LOGIN_IDENTIFIER_PARAM)?.trim();
  if (!value) return null;
  if (value.includes('@')) {
    const email = EmailSchema.safeParse(value);
    return email.success ? email.data : null;
  }
  const phone = checkPhone(value);
  return phone.ok ? formatPhone(phone.e164) : null;
}
