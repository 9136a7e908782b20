/**
 * The `headers` of an account page (profile, cart, order success, sign-in and registration forms):
 * no cache keeps it, HTML or `.data` (docs/decisions/0004-content-security-policy.md).
 */
export const accountPageHeaders = () => ({ 'Cache-Control': 'no-store' });
