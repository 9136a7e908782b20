import { formatFcfa } from '@souk/domain/money';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StatCards } from './stat-cards';

describe('the stat cards', () => {
  it("let a long amount wrap inside its card: before 'FCFA' first, then anywhere", () => {
    const html = renderToStaticMarkup(
      createElement(StatCards, {
        className: 'grid-cols-2',
        items: [{ label: "Chiffre d'Affaires", value: formatFcfa(2_000_000_000), className: 'col-span-2' }],
      }),
    );
    expect(html).toMatch(/<div class="min-w-0 [^"]*col-span-2"/);
    expect(html).toMatch(/<dd class="[^"]*\bwrap-anywhere\b[^"]*">2\u202f000\u202f000\u202f000 FCFA<\/dd>/);
  });
});
