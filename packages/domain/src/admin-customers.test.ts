import { describe, expect, it } from 'vitest';
import { AdminCustomerListQuerySchema, CustomerProfileInputSchema, customerTier } from './admin-customers.ts';

describe('customerTier', () => {
  it.each([
    [{ orders: 0, spent: 0 }, 'new'],
    [{ orders: 1, spent: 199_999 }, 'new'],
    [{ orders: 2, spent: 4000 }, 'regular'],
    [{ orders: 4, spent: 199_999 }, 'regular'],
    [{ orders: 5, spent: 5000 }, 'vip'],
    [{ orders: 1, spent: 200_000 }, 'vip'],
  ] as const)('%o is %s', (figures, tier) => {
    expect(customerTier(figures)).toBe(tier);
  });
});

describe('the customers list query', () => {
  it('defaults to the newest first, 10 a page', () => {
    expect(AdminCustomerListQuerySchema.parse({})).toEqual({
      page: 1,
      per_page: 10,
      sort_by: 'created_at',
      sort_order: 'desc',
    });
  });
  it('takes only the offered page sizes', () => {
    expect(AdminCustomerListQuerySchema.safeParse({ per_page: '25' }).success).toBe(true);
    expect(AdminCustomerListQuerySchema.safeParse({ per_page: '20' }).success).toBe(false);
  });
});

describe('the customer profile form', () => {
  it('reads an empty or missing e-mail as none, and the phone in E.164', () => {
    expect(
      CustomerProfileInputSchema.parse({ name: 'Awa Sy', whatsapp_phone: '+221 77 000 00 01', email: ' ' }),
    ).toEqual({ name: 'Awa Sy', whatsapp_phone: '+221770000001', email: null });
    expect(
      CustomerProfileInputSchema.parse({ name: 'Awa Sy', whatsapp_phone: '221770000001' }).email,
    ).toBeNull();
  });
});
