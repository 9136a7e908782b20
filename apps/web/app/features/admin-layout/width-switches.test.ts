import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// The back office's journeys run on a phone, and at a desk's size only those tagged
// '@desk-and-phone' (playwright.config.ts, docs/testing.md): that is sound only while the screens
// that show other controls at a desk (or to a mouse) are known. A new one fails here until its
// journeys are tagged and it is added to this list.
const SWITCHING = [
  'features/admin-customers/customers-list.tsx',
  'features/admin-layout/admin-shell.tsx',
  'features/admin-media/media-uploader.tsx',
  'features/admin-orders/order-toolbar.tsx',
  'features/admin-products/product-list.tsx',
];

const APP = path.resolve(import.meta.dirname, '../..');
const SIZE = '(?:sm|md|lg|xl|2xl|pointer-coarse|pointer-fine)';
// A class list that hides an element at one size and shows it at another, or a script that asks.
const SWITCH = new RegExp(
  `["'\`][^"'\`]*\\b${SIZE}:hidden\\b|["'\`][^"'\`]*\\bhidden\\b[^"'\`]*\\b${SIZE}:(?:block|flex|grid|inline|inline-flex|inline-block|table)\\b|matchMedia`,
);

function backOfficeFiles(): string[] {
  const features = readdirSync(path.join(APP, 'features'))
    .filter((dir) => dir.startsWith('admin-'))
    .flatMap((dir) =>
      readdirSync(path.join(APP, 'features', dir)).map((file) => path.join('features', dir, file)),
    );
  const routes = readdirSync(path.join(APP, 'routes'))
    .filter((file) => file.startsWith('admin-'))
    .map((file) => path.join('routes', file));
  return [...features, ...routes].filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
}

it('knows every back-office screen that shows other controls by width or pointer', () => {
  const switching = backOfficeFiles()
    .filter((file) => SWITCH.test(readFileSync(path.join(APP, file), 'utf8')))
    .sort();
  expect(switching).toEqual(SWITCHING);
});
