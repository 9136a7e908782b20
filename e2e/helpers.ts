import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import axe from 'axe-core';

// axe's 1.3 MB of code, run once in a document however often it is analysed. AxeBuilder's default
// mode ran it twice a call, in the page and in a blank page it opens to merge the frames' results:
// about 3 s a call on two busy cores, for frames the shop never has (docs/testing.md). Its legacy
// mode runs axe in the page alone, which covers every same-origin frame.
const AXE_ONCE = `if (!window.axe) {\n${axe.source}\n}`;

/** axe must report no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page, axeSource: AXE_ONCE }).setLegacyMode().analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** At 360 px nothing may stick out sideways: the page never scrolls horizontally. */
export async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

/** '12 500 FCFA' as the page prints it (French grouping uses a narrow no-break space). */
export const fcfa = (amount: number) =>
  new RegExp(`${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '\\s?')}\\s?FCFA`);

export const PASSWORD = 'motdepasse-sûr';

let sequence = 0;
/** A fresh client identity per journey: a Senegalese mobile number and an e-mail nobody has. */
export function freshClient(name: string) {
  sequence += 1;
  const digits = `77${String(Date.now() + sequence).slice(-7)}`;
  return {
    name,
    digits: `221${digits}`,
    // Written the way people type it: '+221 77 123 45 67', or in Dakar, without the code: '77 123 45 67'.
    spaced: `+221 ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 7)} ${digits.slice(7, 9)}`,
    local: `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 7)} ${digits.slice(7, 9)}`,
    email: `client-${Date.now()}-${sequence}@exemple.sn`,
  };
}

export async function registerThroughApi(request: APIRequestContext, client: ReturnType<typeof freshClient>) {
  const res = await request.post('/api/auth/register', {
    data: {
      name: client.name,
      email: client.email,
      whatsapp_phone: client.spaced,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  });
  expect(res.status()).toBe(201);
}

/**
 * Waits until a page is live: React has hydrated it (the root marks `<html data-hydrated>`) and
 * every island due once the page is idle has taken over its HTML (docs/decisions/0028). Until then
 * its links and forms work as plain HTML; a journey that checks what the scripts do (a toast, a
 * count that moves at once, a dialog a button opens) waits for this first, as a visitor's tap
 * would have to.
 */
export async function expectLive(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await expect(page.locator('[data-island="waiting"][data-wake="idle"]')).toHaveCount(0);
}

/** A phone on slow 3G (400 ms, 400 kbit/s) with a CPU four times slower, as the issue was found. */
export async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}
