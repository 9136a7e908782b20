// Demo pictures drawn locally: an SVG studio shot per product, category and banner, rendered by sharp
// and stored through the image pipeline. Deterministic: the same slug always gives the same picture.
import { createHash, randomUUID } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { type ProcessedImage, processImage } from '../../modules/media/image-pipeline.ts';
import type { PictureKind } from './catalog-data.ts';

export type PictureSubject = {
  /** Seeds every random choice. */
  slug: string;
  /** Full name: picks the props (rose petals, argan nuts…). */
  name: string;
  /** Short name printed on the label. */
  label: string;
  /** Small text under the name ('30 ml'). */
  detail?: string;
  kind: PictureKind;
  /** Backdrop hue. */
  hue: number;
};

const SANS = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
const SERIF = "'DejaVu Serif', 'Liberation Serif', Georgia, serif";

// ---------------------------------------------------------------- small helpers

function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type Rng = {
  next(): number;
  pick<T>(items: readonly T[]): T;
  range(min: number, max: number): number;
};

/** A deterministic random sequence from `seed`: the same drawing, or the same demo orders, every time. */
export function createRng(seed: string): Rng {
  let a = hashString(seed);
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    range: (min, max) => min + next() * (max - min),
  };
}

/** HSL (degrees, percents) to #rrggbb: librsvg-safe colours. */
function hsl(h: number, s: number, l: number): string {
  const hh = (((h % 360) + 360) % 360) / 360;
  const ss = Math.max(0, Math.min(100, s)) / 100;
  const ll = Math.max(0, Math.min(100, l)) / 100;
  const q = ll < 0.5 ? ll * (1 + ss) : ll + ss - ll * ss;
  const p = 2 * ll - q;
  const channel = (t0: number) => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return `#${[hh + 1 / 3, hh, hh - 1 / 3]
    .map((t) =>
      Math.round(channel(t) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const fmt = (n: number) => String(Math.round(n * 10) / 10);

/** Greedy word wrap into at most `maxLines` lines of about `maxChars` characters. */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= maxChars)
      lines[lines.length - 1] = `${last} ${word}`;
    else if (lines.length < maxLines) lines.push(word);
    else lines[lines.length - 1] = `${last} ${word}`;
  }
  return lines;
}

/** Centered text lines fitted into a box (average DejaVu Sans glyph ≈ 0.6 em). */
function textBlock(
  text: string,
  box: { cx: number; cy: number; width: number; height: number },
  style: { color: string; family?: string; weight?: string; maxSize: number; maxLines?: number },
): string {
  const lines = wrap(
    text,
    Math.max(6, Math.round(text.length / (style.maxLines ?? 2)) + 2),
    style.maxLines ?? 2,
  );
  const longest = Math.max(...lines.map((l) => l.length));
  const size = Math.min(
    style.maxSize,
    (box.width * 0.92) / (longest * 0.6),
    box.height / (lines.length * 1.2),
  );
  const lineHeight = size * 1.15;
  const top = box.cy - (lineHeight * (lines.length - 1)) / 2 + size * 0.35;
  return lines
    .map(
      (line, i) =>
        `<text x="${fmt(box.cx)}" y="${fmt(top + i * lineHeight)}" font-family="${style.family ?? SANS}" font-size="${fmt(size)}" font-weight="${style.weight ?? 'bold'}" fill="${style.color}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
}

// ---------------------------------------------------------------- palettes

type Palette = {
  glass: string;
  glassDark: string;
  liquid: string;
  liquidDark: string;
  cap: string;
  capLight: string;
  labelBg: string;
  labelText: string;
  labelAccent: string;
  body: string;
  bodyDark: string;
};

function liquidHue(name: string, rng: Rng): [number, number, number] {
  const n = name.toLowerCase();
  if (/rose|musqu/.test(n)) return [345, 60, 72];
  if (/nigelle|ricin|olive|noir/.test(n)) return [60, 35, 28];
  if (/argan|sésame|amande|karité|miel/.test(n)) return [40, 85, 52];
  if (/oud|ambre|bakhour|encens|fès/.test(n)) return [25, 80, 38];
  if (/figue|vétiver|cèdre/.test(n)) return [70, 45, 48];
  if (/lavande|sommeil|violet/.test(n)) return [270, 40, 68];
  if (/menthe|eucalyptus|romarin|thym|respiration/.test(n)) return [150, 40, 55];
  if (/oranger|néroli|jasmin/.test(n)) return [48, 80, 70];
  if (/musc/.test(n)) return [35, 40, 82];
  return rng.pick([
    [40, 75, 55],
    [20, 70, 55],
    [330, 45, 65],
    [190, 40, 55],
  ] as const) as [number, number, number];
}

function makePalette(subject: PictureSubject, rng: Rng): Palette {
  const [lh, ls, ll] = liquidHue(subject.name, rng);
  const labelStyle = rng.pick(['cream', 'white', 'kraft', 'dark'] as const);
  const capHue = rng.pick([42, 42, 30, 0, 200]);
  const capIsGold = capHue === 42;
  const capIsWood = capHue === 30;
  const capIsBlack = capHue === 0;
  const cap = capIsGold
    ? '#c9a24e'
    : capIsWood
      ? '#8a5a34'
      : capIsBlack
        ? '#2a2522'
        : hsl(subject.hue, 25, 30);
  const capLight = capIsGold
    ? '#f3dc9a'
    : capIsWood
      ? '#b98556'
      : capIsBlack
        ? '#5d5550'
        : hsl(subject.hue, 25, 50);
  const labels = {
    cream: ['#f7efe1', '#3b2a1e', hsl(subject.hue, 45, 42)],
    white: ['#fbfaf7', '#2d2a28', '#b08a3e'],
    kraft: ['#caa06c', '#3a2614', '#5c3a1c'],
    dark: ['#231d1a', '#e9cf8f', '#c9a24e'],
  } as const;
  const [labelBg, labelText, labelAccent] = labels[labelStyle];
  const bodyHue = subject.hue + rng.range(-15, 15);
  return {
    glass: hsl(lh, ls * 0.5, Math.min(92, ll + 18)),
    glassDark: hsl(lh, ls * 0.6, ll - 12),
    liquid: hsl(lh, ls, ll),
    liquidDark: hsl(lh, ls, ll - 18),
    cap,
    capLight,
    labelBg,
    labelText,
    labelAccent,
    body: rng.pick([hsl(bodyHue, 30, 92), '#fbf8f2', hsl(bodyHue, 35, 80), hsl(lh, 30, 85)]),
    bodyDark: hsl(bodyHue, 20, 70),
  };
}

// ---------------------------------------------------------------- product silhouettes
// Each draws with its origin at the bottom centre, and tells its half width and height.

type Drawn = { svg: string; halfWidth: number; height: number };

function glassGradients(id: string, p: Palette): string {
  return `<linearGradient id="${id}g" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${p.glassDark}"/><stop offset="0.35" stop-color="${p.glass}"/><stop offset="0.7" stop-color="${p.glass}"/><stop offset="1" stop-color="${p.glassDark}"/></linearGradient>
<linearGradient id="${id}l" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${p.liquidDark}"/><stop offset="0.4" stop-color="${p.liquid}"/><stop offset="1" stop-color="${p.liquidDark}"/></linearGradient>
<linearGradient id="${id}c" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${p.cap}"/><stop offset="0.3" stop-color="${p.capLight}"/><stop offset="0.55" stop-color="${p.cap}"/><stop offset="1" stop-color="${p.cap}"/></linearGradient>
<linearGradient id="${id}b" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${p.bodyDark}"/><stop offset="0.3" stop-color="${p.body}"/><stop offset="0.65" stop-color="${p.body}"/><stop offset="1" stop-color="${p.bodyDark}"/></linearGradient>`;
}

const highlight = (x: number, y: number, w: number, h: number, opacity = 0.45) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w / 2}" fill="#ffffff" opacity="${opacity}"/>`;

function label(
  s: PictureSubject,
  p: Palette,
  box: { x: number; y: number; w: number; h: number; rx?: number },
  brand = true,
): string {
  const cx = box.x + box.w / 2;
  const inner = box.h * (brand ? 0.5 : 0.62);
  const nameCy = box.y + box.h * (brand ? 0.52 : 0.45);
  return `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" rx="${box.rx ?? 6}" fill="${p.labelBg}"/>
<rect x="${box.x + 6}" y="${box.y + 6}" width="${box.w - 12}" height="${box.h - 12}" rx="${Math.max(2, (box.rx ?? 6) - 3)}" fill="none" stroke="${p.labelAccent}" stroke-width="1.5" opacity="0.8"/>
${brand ? `<text x="${cx}" y="${fmt(box.y + box.h * 0.2)}" font-family="${SERIF}" font-size="${fmt(Math.min(18, box.w / 9))}" letter-spacing="4" fill="${p.labelAccent}" text-anchor="middle">SOUK</text>` : ''}
${textBlock(s.label, { cx, cy: nameCy, width: box.w - 24, height: inner }, { color: p.labelText, maxSize: 34 })}
${s.detail ? `<text x="${cx}" y="${fmt(box.y + box.h * 0.88)}" font-family="${SANS}" font-size="${fmt(Math.min(16, box.w / 10))}" fill="${p.labelAccent}" text-anchor="middle">${escapeXml(s.detail)}</text>` : ''}`;
}

function drawPerfume(id: string, s: PictureSubject, p: Palette, rng: Rng): Drawn {
  const capType = rng.pick(['cylinder', 'dome', 'sphere', 'facet'] as const);
  const caps = {
    cylinder: `<rect x="-66" y="-530" width="132" height="140" rx="10" fill="url(#${id}c)"/>`,
    dome: `<path d="M-70 -392 L70 -392 L70 -430 C70 -480 8 -500 0 -570 C-8 -500 -70 -480 -70 -430 Z" fill="url(#${id}c)"/>`,
    sphere: `<circle cx="0" cy="-468" r="80" fill="url(#${id}c)"/><ellipse cx="-26" cy="-495" rx="18" ry="26" fill="#ffffff" opacity="0.35"/>`,
    facet: `<path d="M-50 -392 L50 -392 L78 -450 L50 -540 L-50 -540 L-78 -450 Z" fill="url(#${id}c)"/><path d="M-50 -540 L0 -450 L50 -540 M-78 -450 L78 -450" stroke="#ffffff" stroke-opacity="0.3" stroke-width="3" fill="none"/>`,
  };
  return {
    halfWidth: 155,
    height: 570,
    svg: `<rect x="-155" y="-362" width="310" height="362" rx="30" fill="url(#${id}g)" opacity="0.96"/>
<rect x="-138" y="-320" width="276" height="292" rx="20" fill="url(#${id}l)" opacity="0.9"/>
<rect x="-155" y="-40" width="310" height="40" rx="18" fill="${p.glass}" opacity="0.55"/>
<rect x="-38" y="-398" width="76" height="40" fill="url(#${id}c)"/>
${caps[capType]}
${highlight(-128, -340, 18, 280)}${highlight(118, -330, 8, 240, 0.25)}
${label(s, p, { x: -100, y: -255, w: 200, h: 160 })}`,
  };
}

function drawAttar(id: string, s: PictureSubject, p: Palette): Drawn {
  return {
    halfWidth: 150,
    height: 580,
    svg: `<path d="M-40 -300 C-40 -270 -150 -250 -150 -140 C-150 -40 -90 0 0 0 C90 0 150 -40 150 -140 C150 -250 40 -270 40 -300 Z" fill="url(#${id}g)"/>
<path d="M-130 -150 C-130 -50 -80 -18 0 -18 C80 -18 130 -50 130 -150 Z" fill="url(#${id}l)" opacity="0.92"/>
<rect x="-46" y="-340" width="92" height="44" rx="6" fill="url(#${id}c)"/>
<path d="M-56 -340 L56 -340 L56 -380 C56 -440 6 -460 0 -580 C-6 -460 -56 -440 -56 -380 Z" fill="url(#${id}c)"/>
<circle cx="0" cy="-420" r="9" fill="${p.labelAccent}"/>
${highlight(-120, -230, 16, 170)}
<ellipse cx="0" cy="-118" rx="92" ry="62" fill="${p.labelBg}"/>
<ellipse cx="0" cy="-118" rx="84" ry="54" fill="none" stroke="${p.labelAccent}" stroke-width="1.5"/>
${textBlock(s.label, { cx: 0, cy: -118, width: 150, height: 70 }, { color: p.labelText, maxSize: 28 })}`,
  };
}

function drawDropper(id: string, s: PictureSubject, p: Palette): Drawn {
  return {
    halfWidth: 118,
    height: 565,
    svg: `<path d="M-118 -300 Q-118 -342 -72 -352 L-46 -358 L46 -358 L72 -352 Q118 -342 118 -300 L118 -18 Q118 0 100 0 L-100 0 Q-118 0 -118 -18 Z" fill="url(#${id}g)"/>
<path d="M-104 -250 L104 -250 L104 -22 Q104 -12 94 -12 L-94 -12 Q-104 -12 -104 -22 Z" fill="url(#${id}l)" opacity="0.75"/>
<rect x="-56" y="-425" width="112" height="72" rx="8" fill="url(#${id}c)"/>
<path d="M-56 -410 H56 M-56 -395 H56 M-56 -380 H56 M-56 -365 H56" stroke="#000000" stroke-opacity="0.18" stroke-width="3"/>
<path d="M-40 -422 L-40 -505 Q-40 -565 0 -565 Q40 -565 40 -505 L40 -422 Z" fill="#2b2624"/>
<path d="M-26 -430 L-26 -505 Q-26 -545 -6 -550" stroke="#ffffff" stroke-opacity="0.25" stroke-width="8" fill="none"/>
${highlight(-100, -320, 16, 290)}
${label(s, p, { x: -92, y: -270, w: 184, h: 190 })}`,
  };
}

function drawRollon(id: string, s: PictureSubject, p: Palette): Drawn {
  return {
    halfWidth: 80,
    height: 525,
    svg: `<rect x="-78" y="-330" width="156" height="330" rx="22" fill="url(#${id}g)"/>
<rect x="-66" y="-290" width="132" height="276" rx="16" fill="url(#${id}l)" opacity="0.85"/>
<rect x="-52" y="-346" width="104" height="20" rx="4" fill="#d9d4cc"/>
<rect x="-64" y="-525" width="128" height="182" rx="16" fill="url(#${id}c)"/>
${highlight(-66, -315, 12, 280)}${highlight(-50, -510, 10, 150, 0.3)}
${label(s, p, { x: -66, y: -255, w: 132, h: 175 }, false)}`,
  };
}

function drawBottle(id: string, s: PictureSubject, p: Palette, rng: Rng): Drawn {
  const cork = rng.next() < 0.5;
  return {
    halfWidth: 110,
    height: 610,
    svg: `<path d="M-108 -380 C-108 -445 -38 -455 -38 -495 L-38 -545 L38 -545 L38 -495 C38 -455 108 -445 108 -380 L108 -20 Q108 0 88 0 L-88 0 Q-108 0 -108 -20 Z" fill="url(#${id}g)"/>
<path d="M-96 -420 C-60 -436 60 -436 96 -420 L96 -24 Q96 -12 84 -12 L-84 -12 Q-96 -12 -96 -24 Z" fill="url(#${id}l)" opacity="0.9"/>
${
  cork
    ? `<path d="M-34 -540 L34 -540 L40 -610 L-40 -610 Z" fill="#b98a5a"/><path d="M-30 -560 h6 M10 -585 h8 M-12 -595 h5 M18 -560 h5" stroke="#7d5836" stroke-width="3"/>`
    : `<rect x="-44" y="-600" width="88" height="66" rx="8" fill="url(#${id}c)"/><path d="M-44 -585 H44 M-44 -570 H44 M-44 -555 H44" stroke="#000000" stroke-opacity="0.15" stroke-width="3"/>`
}
${highlight(-92, -400, 16, 360)}${highlight(84, -370, 7, 300, 0.2)}
${label(s, p, { x: -92, y: -320, w: 184, h: 220 })}`,
  };
}

function drawSpray(id: string, s: PictureSubject, p: Palette): Drawn {
  return {
    halfWidth: 102,
    height: 540,
    svg: `<path d="M-100 -380 Q-100 -420 -60 -420 L60 -420 Q100 -420 100 -380 L100 -20 Q100 0 80 0 L-80 0 Q-100 0 -100 -20 Z" fill="url(#${id}g)"/>
<rect x="-88" y="-360" width="176" height="346" rx="16" fill="url(#${id}l)" opacity="0.6"/>
<rect x="-36" y="-445" width="72" height="28" fill="#e6e1da"/>
<rect x="-50" y="-478" width="100" height="36" rx="6" fill="url(#${id}c)"/>
<rect x="-34" y="-540" width="68" height="64" rx="10" fill="url(#${id}c)"/>
<circle cx="-34" cy="-515" r="5" fill="#222222"/>
${highlight(-86, -390, 14, 350)}
${label(s, p, { x: -84, y: -300, w: 168, h: 200 })}`,
  };
}

function drawPump(id: string, s: PictureSubject, p: Palette): Drawn {
  return {
    halfWidth: 128,
    height: 505,
    svg: `<rect x="-128" y="-385" width="256" height="385" rx="50" fill="url(#${id}b)"/>
<rect x="-52" y="-425" width="104" height="44" rx="6" fill="url(#${id}c)"/>
<path d="M-52 -412 H52 M-52 -398 H52" stroke="#000000" stroke-opacity="0.15" stroke-width="3"/>
<rect x="-12" y="-470" width="24" height="48" fill="#d8d2c8"/>
<path d="M-42 -505 L42 -505 L42 -492 L126 -492 Q134 -492 134 -484 L134 -478 L42 -478 L42 -468 L-42 -468 Z" fill="url(#${id}c)"/>
${highlight(-106, -350, 18, 300, 0.5)}
${label(s, p, { x: -104, y: -300, w: 208, h: 200 })}`,
  };
}

function drawJar(id: string, s: PictureSubject, p: Palette, rng: Rng): Drawn {
  const glass = rng.next() < 0.4;
  return {
    halfWidth: 228,
    height: 315,
    svg: `<rect x="-212" y="-222" width="424" height="222" rx="40" fill="url(#${id}${glass ? 'g' : 'b'})"/>
${glass ? `<rect x="-196" y="-200" width="392" height="185" rx="30" fill="url(#${id}l)" opacity="0.7"/>` : ''}
<rect x="-228" y="-315" width="456" height="100" rx="20" fill="url(#${id}c)"/>
<path d="${Array.from({ length: 21 }, (_, i) => `M${-200 + i * 20} -305 V-225`).join(' ')}" stroke="#000000" stroke-opacity="0.1" stroke-width="4"/>
<rect x="-228" y="-315" width="456" height="16" rx="8" fill="#ffffff" opacity="0.25"/>
${highlight(-196, -205, 18, 170)}
${label(s, p, { x: -150, y: -190, w: 300, h: 160 })}`,
  };
}

function drawTube(id: string, s: PictureSubject, p: Palette): Drawn {
  return {
    halfWidth: 145,
    height: 565,
    svg: `<rect x="-76" y="-84" width="152" height="84" rx="12" fill="url(#${id}c)"/>
<path d="M-76 -80 Q-80 -110 -118 -120 L-140 -520 L140 -520 L118 -120 Q80 -110 76 -80 Z" fill="url(#${id}b)"/>
<rect x="-145" y="-565" width="290" height="50" rx="4" fill="url(#${id}b)"/>
<path d="${Array.from({ length: 28 }, (_, i) => `M${-138 + i * 10} -562 V-520`).join(' ')}" stroke="#000000" stroke-opacity="0.12" stroke-width="3"/>
${highlight(-112, -500, 16, 360)}
${label(s, p, { x: -104, y: -430, w: 208, h: 220 }, true)}`,
  };
}

const SOAP_COLOURS: Record<string, string> = {
  argan: '#e2c48f',
  ânesse: '#f4efe6',
  nigelle: '#d9cfbf',
  ghassoul: '#b98b74',
  miel: '#e8b86a',
  karité: '#efe3c8',
};

function drawSoap(id: string, s: PictureSubject, p: Palette, rng: Rng): Drawn {
  const name = s.name.toLowerCase();
  const key = Object.keys(SOAP_COLOURS).find((k) => name.includes(k));
  const base = key ? (SOAP_COLOURS[key] as string) : hsl(s.hue, 35, 78);
  const star = (r: number) =>
    Array.from({ length: 16 }, (_, i) => {
      const a = (Math.PI / 8) * i - Math.PI / 2;
      const rr = i % 2 === 0 ? r : r * 0.62;
      return `${fmt(Math.cos(a) * rr)},${fmt(Math.sin(a) * rr)}`;
    }).join(' ');
  const speckles =
    key === 'nigelle'
      ? Array.from(
          { length: 40 },
          () =>
            `<circle cx="${fmt(rng.range(-240, 240))}" cy="${fmt(rng.range(-460, -20))}" r="3" fill="#2a2220" opacity="0.7"/>`,
        ).join('')
      : '';
  return {
    halfWidth: 265,
    height: 330,
    svg: `<linearGradient id="${id}s" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${base}"/><stop offset="1" stop-color="${base}" stop-opacity="0.75"/></linearGradient>
<path d="M-262 -118 L262 -118 L262 -30 Q262 0 232 0 L-232 0 Q-262 0 -262 -30 Z" fill="${base}"/>
<path d="M-262 -118 L262 -118 L262 -30 Q262 0 232 0 L-232 0 Q-262 0 -262 -30 Z" fill="#000000" opacity="0.16"/>
<g transform="translate(0 -118) scale(1 0.44)">
<rect x="-262" y="-480" width="524" height="480" rx="60" fill="url(#${id}s)"/>
${speckles}
<polygon points="${star(120)}" transform="translate(3 -237)" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="10"/>
<polygon points="${star(120)}" transform="translate(0 -240)" fill="none" stroke="#000000" stroke-opacity="0.18" stroke-width="10"/>
<circle cx="0" cy="-240" r="40" fill="none" stroke="#000000" stroke-opacity="0.16" stroke-width="8"/>
</g>
<path d="M-80 -118 L80 -118 L80 0 L-80 0 Z" fill="${p.labelBg}"/>
<path d="M-80 -118 L80 -118 L80 -329 L-80 -329 Z" fill="${p.labelBg}" opacity="0.92"/>
<path d="M-80 -118 H80" stroke="#000000" stroke-opacity="0.15" stroke-width="2"/>
${textBlock(s.label, { cx: 0, cy: -62, width: 150, height: 80 }, { color: p.labelText, maxSize: 26 })}
<text x="0" y="-290" font-family="${SERIF}" font-size="16" letter-spacing="4" fill="${p.labelAccent}" text-anchor="middle">SOUK</text>`,
  };
}

function drawBowl(id: string, s: PictureSubject, p: Palette, rng: Rng): Drawn {
  const name = s.name.toLowerCase();
  const paste = /ghassoul|argile rose/.test(name)
    ? '#a9735c'
    : /argile verte/.test(name)
      ? '#8c9a6a'
      : /rose/.test(name)
        ? '#5a2f2a'
        : /eucalyptus/.test(name)
          ? '#3f3a22'
          : '#3b2a1a';
  const glaze = rng.pick(['#1f4e8c', '#2a7f7a', '#b5532f', '#efe6d6']);
  const paint = glaze === '#efe6d6' ? '#1f4e8c' : '#f1e3c4';
  const zigzag = Array.from({ length: 21 }, (_, i) => `${-220 + i * 22},${i % 2 ? -150 : -175}`).join(' ');
  const tag = `<g transform="translate(200 -60) rotate(-8)"><rect x="0" y="-110" width="170" height="120" rx="8" fill="${p.labelBg}"/><circle cx="22" cy="-90" r="6" fill="#6b5544"/><path d="M22 -90 C-20 -140 -60 -150 -100 -160" stroke="#8a6a4a" stroke-width="3" fill="none"/>${textBlock(s.label, { cx: 92, cy: -48, width: 140, height: 80 }, { color: p.labelText, maxSize: 24 })}</g>`;
  return {
    halfWidth: 370,
    height: 300,
    svg: `<linearGradient id="${id}w" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${glaze}" stop-opacity="1"/><stop offset="0.35" stop-color="#ffffff" stop-opacity="0.3"/><stop offset="0.5" stop-color="${glaze}" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.35"/></linearGradient>
<rect x="-95" y="-22" width="190" height="22" rx="6" fill="${glaze}"/>
<path d="M-255 -235 C-250 -110 -175 -25 -110 -16 L110 -16 C175 -25 250 -110 255 -235 Z" fill="${glaze}"/>
<path d="M-255 -235 C-250 -110 -175 -25 -110 -16 L110 -16 C175 -25 250 -110 255 -235 Z" fill="url(#${id}w)"/>
<polyline points="${zigzag}" fill="none" stroke="${paint}" stroke-width="7" stroke-linejoin="round"/>
<path d="M-238 -200 Q0 -150 238 -200" stroke="${paint}" stroke-width="5" fill="none"/>
${Array.from({ length: 9 }, (_, i) => `<circle cx="${-160 + i * 40}" cy="-95" r="7" fill="${paint}"/>`).join('')}
<ellipse cx="0" cy="-235" rx="255" ry="58" fill="${glaze}"/>
<ellipse cx="0" cy="-232" rx="236" ry="48" fill="#000000" opacity="0.35"/>
<ellipse cx="0" cy="-228" rx="226" ry="42" fill="${paste}"/>
<path d="M-120 -232 C-60 -262 40 -250 90 -228 C40 -238 -40 -244 -120 -232 Z" fill="#ffffff" opacity="0.22"/>
${tag}`,
  };
}

function drawBox(id: string, s: PictureSubject, p: Palette, rng: Rng): Drawn {
  const colour = rng.pick([
    ['#7a1f2b', '#a3303f'],
    ['#1f4d3f', '#2f6b57'],
    ['#23305e', '#34468a'],
    ['#4b2350', '#6b3574'],
    ['#2a2320', '#4a3d36'],
  ] as const);
  const ribbon = '#d8b25e';
  const rx = 140;
  return {
    halfWidth: 265,
    height: 470,
    svg: `<linearGradient id="${id}x" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${colour[0]}"/><stop offset="0.5" stop-color="${colour[1]}"/><stop offset="1" stop-color="${colour[0]}"/></linearGradient>
<rect x="-250" y="-290" width="500" height="290" rx="6" fill="url(#${id}x)"/>
<polygon points="-264,-330 -214,-400 214,-400 264,-330" fill="${colour[1]}"/>
<polygon points="-264,-330 -214,-400 214,-400 264,-330" fill="#ffffff" opacity="0.12"/>
<rect x="-264" y="-332" width="528" height="64" rx="4" fill="url(#${id}x)"/>
<rect x="-264" y="-272" width="528" height="8" fill="#000000" opacity="0.25"/>
<rect x="${rx - 22}" y="-332" width="44" height="332" fill="${ribbon}"/>
<rect x="${rx - 22}" y="-332" width="10" height="332" fill="#ffffff" opacity="0.3"/>
<polygon points="${rx - 22},-332 ${rx + 22},-332 ${rx * 0.8 + 18},-400 ${rx * 0.8 - 18},-400" fill="${ribbon}"/>
<polygon points="-239,-365 239,-365 244,-358 -244,-358" fill="${ribbon}" opacity="0.9"/>
<g transform="translate(${rx * 0.85} -385)">
<path d="M0 0 C-40 -70 -130 -60 -110 -15 C-95 20 -30 10 0 0 Z" fill="${ribbon}"/>
<path d="M0 0 C40 -70 130 -60 110 -15 C95 20 30 10 0 0 Z" fill="${ribbon}"/>
<path d="M0 0 C-30 -40 -85 -42 -80 -15" stroke="#000000" stroke-opacity="0.2" stroke-width="4" fill="none"/>
<path d="M0 0 C30 -40 85 -42 80 -15" stroke="#000000" stroke-opacity="0.2" stroke-width="4" fill="none"/>
<path d="M-8 4 L-60 70 L-40 72 L0 10 Z M8 4 L50 75 L66 66 L4 6 Z" fill="${ribbon}"/>
<ellipse cx="0" cy="0" rx="20" ry="16" fill="#c29a45"/>
</g>
${label(s, p, { x: -215, y: -240, w: 270, h: 190, rx: 4 })}`,
  };
}

function drawSubject(id: string, s: PictureSubject, rng: Rng): { defs: string; drawn: Drawn } {
  const p = makePalette(s, rng);
  const defs = glassGradients(id, p);
  const drawers: Record<PictureKind, () => Drawn> = {
    perfume: () => drawPerfume(id, s, p, rng),
    attar: () => drawAttar(id, s, p),
    dropper: () => drawDropper(id, s, p),
    rollon: () => drawRollon(id, s, p),
    bottle: () => drawBottle(id, s, p, rng),
    spray: () => drawSpray(id, s, p),
    pump: () => drawPump(id, s, p),
    jar: () => drawJar(id, s, p, rng),
    tube: () => drawTube(id, s, p),
    soap: () => drawSoap(id, s, p, rng),
    bowl: () => drawBowl(id, s, p, rng),
    box: () => drawBox(id, s, p, rng),
  };
  return { defs, drawn: drawers[s.kind]() };
}

// ---------------------------------------------------------------- props and scene

function props(name: string, rng: Rng, area: { x0: number; x1: number; y0: number; y1: number }): string {
  const n = name.toLowerCase();
  const count = Math.round(rng.range(3, 6));
  const items: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const side =
      i % 2 === 0
        ? rng.range(area.x0, area.x0 + (area.x1 - area.x0) * 0.28)
        : rng.range(area.x1 - (area.x1 - area.x0) * 0.28, area.x1);
    const x = fmt(side);
    const y = fmt(rng.range(area.y0, area.y1));
    const r = fmt(rng.range(0, 360));
    const shadow = `<ellipse cx="${x}" cy="${fmt(Number(y) + 14)}" rx="26" ry="7" fill="#000000" opacity="0.12"/>`;
    if (/rose|musc rose/.test(n)) {
      items.push(
        `${shadow}<g transform="translate(${x} ${y}) rotate(${r})"><path d="M0 -22 C26 -22 30 8 0 22 C-30 8 -26 -22 0 -22 Z" fill="#d9627a"/><path d="M0 -14 C10 -8 10 8 0 16" stroke="#a63a52" stroke-width="2" fill="none"/></g>`,
      );
    } else if (/argan|amlou/.test(n)) {
      items.push(
        `${shadow}<g transform="translate(${x} ${y}) rotate(${r})"><ellipse rx="26" ry="18" fill="#8a5a2b"/><ellipse cx="-7" cy="-6" rx="9" ry="5" fill="#c08a55" opacity="0.7"/></g>`,
      );
    } else if (/oranger|néroli|jasmin|camomille/.test(n)) {
      const petals = Array.from(
        { length: 5 },
        (_, k) => `<ellipse rx="9" ry="17" transform="rotate(${k * 72}) translate(0 -14)" fill="#fffaf0"/>`,
      ).join('');
      items.push(
        `${shadow}<g transform="translate(${x} ${y}) rotate(${r})">${petals}<circle r="7" fill="#f0c24a"/></g>`,
      );
    } else if (/lavande|sommeil/.test(n)) {
      const buds = Array.from(
        { length: 7 },
        (_, k) => `<ellipse cx="${k % 2 ? 5 : -5}" cy="${-40 - k * 9}" rx="5" ry="8" fill="#8a6cc0"/>`,
      ).join('');
      items.push(
        `<g transform="translate(${x} ${y}) rotate(${fmt(rng.range(-70, 70))})"><path d="M0 30 L0 -40" stroke="#6b8a55" stroke-width="3"/>${buds}</g>`,
      );
    } else if (/oud|ambre|encens|bakhour|fès|musc|mille|aïd/.test(n)) {
      items.push(
        `${shadow}<g transform="translate(${x} ${y}) rotate(${r})"><polygon points="-18,-8 -4,-20 16,-14 20,6 4,18 -16,12" fill="#d9892a" opacity="0.9"/><polygon points="-8,-8 6,-12 8,0" fill="#ffd08a" opacity="0.8"/></g>`,
      );
    } else if (/savon|ghassoul|argile|hammam|karité|gommage/.test(n)) {
      items.push(
        `${shadow}<g transform="translate(${x} ${y}) rotate(${r})"><path d="M-30 0 C-30 -24 30 -24 30 0 C30 14 -30 14 -30 0 Z" fill="#6f8a4a"/><path d="M-28 0 H28" stroke="#4d6634" stroke-width="2"/></g>`,
      );
    } else {
      items.push(
        `${shadow}<g transform="translate(${x} ${y}) rotate(${r})"><path d="M-36 0 C-18 -22 18 -22 36 0 C18 22 -18 22 -36 0 Z" fill="#5f8a4f"/><path d="M-34 0 H34" stroke="#3f6634" stroke-width="2"/></g>`,
      );
    }
  }
  return items.join('\n');
}

/** Three subjects for a group shot, repeating the first ones when there are fewer. */
function pickThree(items: PictureSubject[]): [PictureSubject, PictureSubject, PictureSubject] {
  const [a, b = a, c = b] = items;
  if (!a || !b || !c) throw new Error('Une photo de groupe demande au moins un produit');
  return [a, b, c];
}

type Placement = {
  subject: PictureSubject;
  cx: number;
  baseY: number;
  maxHeight: number;
  maxHalfWidth: number;
};

/** Draws each placement; reflections (on a glossy floor) come apart so a fade can cover them. */
function placeSubjects(placements: Placement[]): { defs: string; reflections: string; body: string } {
  let defs = '';
  let reflections = '';
  let body = '';
  placements.forEach((pl, i) => {
    // Seeded by the slug only: the same product looks the same in every picture.
    const { defs: d, drawn } = drawSubject(`s${i}`, pl.subject, createRng(pl.subject.slug));
    defs += d;
    const scale =
      Math.round(Math.min(pl.maxHeight / drawn.height, pl.maxHalfWidth / drawn.halfWidth) * 1000) / 1000;
    const w = drawn.halfWidth * scale;
    const at = `translate(${fmt(pl.cx)} ${fmt(pl.baseY)})`;
    reflections += `<g transform="${at} scale(${scale} ${-scale})" opacity="0.16">${drawn.svg}</g>`;
    body += `<ellipse cx="${fmt(pl.cx + w * 0.12)}" cy="${fmt(pl.baseY - 4)}" rx="${fmt(w * 1.3)}" ry="${fmt(26 * scale + 12)}" fill="url(#shadow)"/>
<g transform="${at} scale(${scale})">${drawn.svg}</g>\n`;
  });
  return { defs, reflections, body };
}

/** The scene's layers, back to front. */
function compose(
  scene: { back: string; front: string },
  placed: { reflections: string; body: string },
  glossy: { from: number; width: number; height: number } | null,
  ...overlays: string[]
): string {
  const reflection = glossy
    ? `${placed.reflections}<rect y="${glossy.from}" width="${glossy.width}" height="${glossy.height - glossy.from}" fill="url(#fade)"/>`
    : '';
  return [scene.back, reflection, placed.body, ...overlays, scene.front].join('\n');
}

function zelligePattern(colour: string, opacity: number, size: number): string {
  const r = size * 0.32;
  const star = Array.from({ length: 16 }, (_, i) => {
    const a = (Math.PI / 8) * i;
    const rr = i % 2 === 0 ? r : r * 0.7;
    return `${fmt(size / 2 + Math.cos(a) * rr)},${fmt(size / 2 + Math.sin(a) * rr)}`;
  }).join(' ');
  return `<pattern id="zellige" width="${size}" height="${size}" patternUnits="userSpaceOnUse"><polygon points="${star}" fill="none" stroke="${colour}" stroke-width="2" opacity="${opacity}"/><circle cx="0" cy="0" r="${fmt(size * 0.12)}" fill="none" stroke="${colour}" stroke-width="2" opacity="${opacity}"/></pattern>`;
}

type Backdrop = {
  width: number;
  height: number;
  horizon: number;
  hue: number;
  rng: Rng;
  arch: boolean;
  podium: boolean;
};

function backdrop(b: Backdrop): { defs: string; back: string; front: string } {
  const { width: W, height: H, horizon, hue, rng } = b;
  const sat = rng.range(22, 38);
  const wallTop = hsl(hue, sat, 94);
  const wallBottom = hsl(hue + 8, sat, 84);
  const floorTop = hsl(hue + 10, sat * 0.8, 78);
  const floorBottom = hsl(hue + 12, sat * 0.9, 68);
  const archW = Math.min(W * 0.5, 560);
  const archTop = H * 0.14;
  const cx = W / 2;
  const archPath = `M${fmt(cx - archW / 2)} ${horizon} L${fmt(cx - archW / 2)} ${fmt(archTop + archW * 0.5)} C${fmt(cx - archW / 2)} ${fmt(archTop + archW * 0.1)} ${fmt(cx - archW * 0.12)} ${fmt(archTop + archW * 0.05)} ${fmt(cx)} ${fmt(archTop)} C${fmt(cx + archW * 0.12)} ${fmt(archTop + archW * 0.05)} ${fmt(cx + archW / 2)} ${fmt(archTop + archW * 0.1)} ${fmt(cx + archW / 2)} ${fmt(archTop + archW * 0.5)} L${fmt(cx + archW / 2)} ${horizon} Z`;
  const defs = `<linearGradient id="wall" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${wallTop}"/><stop offset="1" stop-color="${wallBottom}"/></linearGradient>
<linearGradient id="floor" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${floorTop}"/><stop offset="1" stop-color="${floorBottom}"/></linearGradient>
<linearGradient id="fade" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${floorBottom}" stop-opacity="0.3"/><stop offset="0.55" stop-color="${floorBottom}"/></linearGradient>
<linearGradient id="arch" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${hsl(hue, sat + 10, 80)}"/><stop offset="1" stop-color="${hsl(hue, sat + 5, 88)}"/></linearGradient>
<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.22"/></radialGradient>
<linearGradient id="beam" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.5"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="#000000" stop-opacity="0.42"/><stop offset="0.55" stop-color="#000000" stop-opacity="0.18"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>
${zelligePattern(hsl(hue, 40, 45), 0.1, rng.pick([64, 80, 96]))}`;
  const podiumRx = W * 0.3;
  const back = `<rect width="${W}" height="${H}" fill="url(#wall)"/>
<rect width="${W}" height="${horizon}" fill="url(#zellige)"/>
${b.arch ? `<path d="${archPath}" fill="url(#arch)"/><path d="${archPath}" fill="none" stroke="${hsl(hue, 40, 70)}" stroke-width="6" opacity="0.6"/>` : `<circle cx="${fmt(cx + W * 0.18)}" cy="${fmt(H * 0.3)}" r="${fmt(H * 0.2)}" fill="${hsl(hue + 20, sat + 25, 82)}" opacity="0.8"/>`}
<polygon points="0,0 ${fmt(W * 0.42)},0 ${fmt(W * 0.95)},${horizon} ${fmt(W * 0.55)},${horizon}" fill="url(#beam)" opacity="0.35"/>
<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#floor)"/>
<rect y="${horizon}" width="${W}" height="6" fill="#000000" opacity="0.05"/>
${
  b.podium
    ? `<rect x="${fmt(cx - podiumRx)}" y="${horizon + 40}" width="${fmt(podiumRx * 2)}" height="${fmt(H * 0.13)}" fill="${hsl(hue, sat * 0.6, 88)}"/>
<ellipse cx="${cx}" cy="${fmt(horizon + 40 + H * 0.13)}" rx="${fmt(podiumRx)}" ry="${fmt(H * 0.045)}" fill="${hsl(hue, sat * 0.6, 88)}"/>
<rect x="${fmt(cx - podiumRx)}" y="${horizon + 40}" width="${fmt(podiumRx * 0.4)}" height="${fmt(H * 0.13)}" fill="#000000" opacity="0.05"/>
<ellipse cx="${cx}" cy="${horizon + 40}" rx="${fmt(podiumRx)}" ry="${fmt(H * 0.045)}" fill="${hsl(hue, sat * 0.5, 94)}"/>`
    : ''
}`;
  const front = `<rect width="${W}" height="${H}" fill="url(#vignette)"/>`;
  return { defs, back, front };
}

function svgDocument(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

// ---------------------------------------------------------------- the three kinds of picture

/** A 1024×1024 studio shot; `angle` 1 is the gallery's second picture (two sizes, other light). */
export function productSvg(subject: PictureSubject, angle: 0 | 1 = 0): string {
  const W = 1024;
  const H = 1024;
  const rng = createRng(`${subject.slug}#${angle}`);
  const podium = angle === 0 && rng.next() < 0.5;
  const arch = angle === 0 && rng.next() < 0.75;
  const horizon = podium ? 690 : 720;
  const hue = subject.hue + rng.range(-10, 10);
  const scene = backdrop({ width: W, height: H, horizon, hue, rng, arch, podium });
  const baseY = podium ? horizon + 46 : 870;
  const placements: Placement[] =
    angle === 0
      ? [{ subject, cx: W / 2, baseY, maxHeight: 640, maxHalfWidth: 320 }]
      : [
          {
            subject: { ...subject, detail: undefined },
            cx: W * 0.3,
            baseY: baseY - 40,
            maxHeight: 440,
            maxHalfWidth: 200,
          },
          { subject, cx: W * 0.62, baseY, maxHeight: 640, maxHalfWidth: 300 },
        ];
  const placed = placeSubjects(placements);
  const propsSvg = props(subject.name, rng, { x0: 80, x1: W - 80, y0: baseY + 30, y1: H - 50 });
  const glossy = podium ? null : { from: baseY - 40, width: W, height: H };
  return svgDocument(W, H, scene.defs + placed.defs, compose(scene, placed, glossy, propsSvg));
}

/** A 1024×1024 group shot of a few of the category's products. */
export function categorySvg(
  category: { slug: string; name: string; hue: number },
  items: PictureSubject[],
): string {
  const W = 1024;
  const H = 1024;
  const rng = createRng(`category:${category.slug}`);
  const scene = backdrop({
    width: W,
    height: H,
    horizon: 700,
    hue: category.hue,
    rng,
    arch: true,
    podium: true,
  });
  const [a, b, c] = pickThree(items);
  const placed = placeSubjects([
    { subject: { ...b, detail: undefined }, cx: W * 0.26, baseY: 770, maxHeight: 400, maxHalfWidth: 165 },
    { subject: { ...c, detail: undefined }, cx: W * 0.74, baseY: 770, maxHeight: 430, maxHalfWidth: 165 },
    { subject: { ...a, detail: undefined }, cx: W * 0.5, baseY: 810, maxHeight: 580, maxHalfWidth: 240 },
  ]);
  const propsSvg = props(category.name, rng, { x0: 60, x1: W - 60, y0: 890, y1: H - 40 });
  return svgDocument(W, H, scene.defs + placed.defs, compose(scene, placed, null, propsSvg));
}

/** A 1600×700 banner: the title on the left, a few products on the right. */
export function bannerSvg(
  banner: { title: string; subtitle: string; hue: number },
  items: PictureSubject[],
): string {
  const W = 1600;
  const H = 700;
  const rng = createRng(`banner:${banner.title}`);
  const scene = backdrop({
    width: W,
    height: H,
    horizon: 500,
    hue: banner.hue,
    rng,
    arch: false,
    podium: false,
  });
  const [a, b, c] = pickThree(items);
  const placed = placeSubjects([
    { subject: { ...b, detail: undefined }, cx: W * 0.655, baseY: 555, maxHeight: 290, maxHalfWidth: 125 },
    { subject: { ...c, detail: undefined }, cx: W * 0.895, baseY: 560, maxHeight: 320, maxHalfWidth: 130 },
    { subject: { ...a, detail: undefined }, cx: W * 0.775, baseY: 590, maxHeight: 420, maxHalfWidth: 175 },
  ]);
  const dark = hsl(banner.hue, 45, 18);
  const accent = hsl(banner.hue, 55, 38);
  const titleSize = Math.min(84, (W * 0.5) / (banner.title.length * 0.62));
  const titleY = 190 + titleSize * 1.2;
  const subtitleLines = wrap(banner.subtitle, 38, 3);
  const buttonY = titleY + 50 + subtitleLines.length * 44;
  const text = `<rect x="0" y="0" width="${W * 0.58}" height="${H}" fill="url(#panel)"/>
<text x="110" y="180" font-family="${SERIF}" font-size="20" letter-spacing="5" fill="${accent}">PRODUITS AUTHENTIQUES DU MAROC</text>
<text x="106" y="${fmt(titleY)}" font-family="${SERIF}" font-size="${fmt(titleSize)}" font-weight="bold" fill="${dark}">${escapeXml(banner.title)}</text>
${subtitleLines.map((line, i) => `<text x="110" y="${fmt(titleY + 64 + i * 44)}" font-family="${SANS}" font-size="31" fill="${dark}" opacity="0.85">${escapeXml(line)}</text>`).join('')}
<rect x="110" y="${fmt(buttonY + 40)}" width="250" height="68" rx="34" fill="${dark}"/>
<text x="235" y="${fmt(buttonY + 84)}" font-family="${SANS}" font-size="26" font-weight="bold" fill="#ffffff" text-anchor="middle">Découvrir</text>`;
  const panel = `<linearGradient id="panel" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.75"/><stop offset="0.75" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>`;
  const propsSvg = props(items[0]?.name ?? banner.title, rng, {
    x0: W * 0.58,
    x1: W - 40,
    y0: 615,
    y1: H - 25,
  });
  const glossy = { from: 520, width: W, height: H };
  return svgDocument(W, H, scene.defs + placed.defs + panel, compose(scene, placed, glossy, propsSvg, text));
}

// ---------------------------------------------------------------- rendering

/** Renders an SVG to a PNG buffer (fast compression: it is only an intermediate). */
export function renderSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/**
 * Where the pipeline's output for each drawing is kept between seeds, when SEED_PICTURE_CACHE
 * names a folder: the test runs seed several new shops (each journey suite, each crash and
 * scale-out journey), and drawing 134 pictures costs half a minute of both cores each time. Keyed
 * by the drawing, the pipeline's code and sharp's version, so any change draws again. Unset (a
 * real server), nothing is kept: a shared folder would be one other users could write into.
 * Best effort: a cache that cannot be read or written is simply not used.
 */
const pictureCacheDir = () => process.env.SEED_PICTURE_CACHE || null;

let pipelineStamp: Promise<string> | undefined;
const stampOfPipeline = () => {
  pipelineStamp ??= readFile(new URL('../../modules/media/image-pipeline.ts', import.meta.url), 'utf8')
    .catch(() => randomUUID()) // unreadable: never matches, so never a stale hit
    .then((code) => `${code}\n${sharp.versions.vips}\n${sharp.versions.sharp ?? ''}`);
  return pipelineStamp;
};

async function fromCache(dir: string, mediaDir: string): Promise<ProcessedImage | null> {
  try {
    const cached = JSON.parse(await readFile(path.join(dir, 'image.json'), 'utf8')) as ProcessedImage;
    // Only widths: they name the files copied.
    if (!Array.isArray(cached.widths) || !cached.widths.every((w) => Number.isInteger(w) && w > 0))
      return null;
    // A key of its own: the shop's files are never shared with another shop's.
    const key = randomUUID().replaceAll('-', '');
    await mkdir(mediaDir, { recursive: true });
    await Promise.all(
      cached.widths.map((w) =>
        copyFile(
          path.join(dir, `${w}.webp`),
          path.join(mediaDir, `${key}-${w}.webp`),
          fsConstants.COPYFILE_FICLONE,
        ),
      ),
    );
    return { ...cached, key };
  } catch {
    return null;
  }
}

async function intoCache(dir: string, image: ProcessedImage, mediaDir: string) {
  const staging = `${dir}.${randomUUID()}`;
  try {
    await mkdir(staging, { recursive: true });
    for (const w of image.widths)
      await copyFile(path.join(mediaDir, `${image.key}-${w}.webp`), path.join(staging, `${w}.webp`));
    await writeFile(path.join(staging, 'image.json'), JSON.stringify(image));
    await rename(staging, dir); // whole or not at all; another seed may have put it there first
  } catch {
    await rm(staging, { recursive: true, force: true }).catch(() => {});
  }
}

/** Draws, renders and stores one picture through the shared image pipeline (or its kept output). */
export async function generatePicture(svg: string, mediaDir: string): Promise<ProcessedImage> {
  const id = createHash('sha256')
    .update(await stampOfPipeline())
    .update(svg)
    .digest('hex');
  const cacheDir = pictureCacheDir();
  if (!cacheDir) return processImage(await renderSvg(svg), mediaDir);
  const dir = path.join(cacheDir, id);
  const cached = await fromCache(dir, mediaDir);
  if (cached) return cached;
  const image = await processImage(await renderSvg(svg), mediaDir);
  await intoCache(dir, image, mediaDir);
  return image;
}

/** Runs `fn` over `items` with at most `limit` at a time, keeping the order of results. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
