import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_MAX_BYTES, MEDIA_FILES_MAX, VIDEO_MAX_BYTES } from '@souk/domain/admin-limits';
import { describe, expect, it } from 'vitest';
import { MEDIA_WIDTHS } from '../apps/api/src/modules/media/media-names.ts';
import { CLOSE_DELAY_MS, DRAIN_MAX_MS } from '../apps/api/src/plugins/drain.ts';
import { ADMIN_PAGE_BODY_LIMIT, PAGE_BODY_LIMIT } from '../apps/web/page-body-limit.ts';
import { STOP_DELAY_MS } from '../apps/web/workers.ts';

// nginx refuses a body over its `client_max_body_size` with its own English page, before the shop
// can say anything: each limit of the shipped proxy file must let through what the shop takes, so
// the shop is the one that refuses, in French, and by little more, so nginx still stops a flood.
const conf = readFileSync(path.join(import.meta.dirname, 'nginx/souk-proxy.conf'), 'utf8');
const MB = 1024 * 1024;

/** What `location <path> { … }` says; the server's own directives for `null`. */
const block = (location: string | null) =>
  location === null
    ? conf.replace(/location [^{]+\{[^}]*\}/g, '')
    : conf.match(new RegExp(`location ${location.replaceAll('/', '\\/')} \\{([^}]*)\\}`))?.[1];

/** `client_max_body_size` in bytes: at the server's level (`null`), or in `location <path>`. */
function bodyLimit(location: string | null): number {
  const size = block(location)?.match(/client_max_body_size (\d+)([km]?);/);
  if (!size) throw new Error(`no client_max_body_size for ${location ?? 'the server'}`);
  const unit = { '': 1, k: 1024, m: MB }[size[2] as '' | 'k' | 'm'];
  return Number(size[1]) * unit;
}

describe("the shipped nginx's media names", () => {
  it('are the names the shop makes: every width a picture was ever written at, and videos', () => {
    const widths = conf.match(/location ~ "\^\/media\/\[0-9a-f\]\{32\}\(-\(([\d|]+)\)/)?.[1];
    expect(widths?.split('|').map(Number)).toEqual([...MEDIA_WIDTHS]);
  });
});

describe("the shipped nginx's body limits", () => {
  it("let through a page's or an API call's megabyte, and not much more", () => {
    expect(bodyLimit(null)).toBeGreaterThan(PAGE_BODY_LIMIT);
    expect(bodyLimit(null)).toBeLessThanOrEqual(4 * MB);
  });

  it("let through the media manager's ten videos of 50 MB in one upload to the API", () => {
    const upload = MEDIA_FILES_MAX * Math.max(VIDEO_MAX_BYTES, IMAGE_MAX_BYTES);
    expect(bodyLimit('/api/admin/')).toBeGreaterThan(upload);
    expect(bodyLimit('/api/admin/')).toBeLessThanOrEqual(upload + 50 * MB);
  });

  it("let through a back-office page's pictures", () => {
    expect(bodyLimit('/admin')).toBeGreaterThan(ADMIN_PAGE_BODY_LIMIT);
    expect(bodyLimit('/admin')).toBeLessThanOrEqual(ADMIN_PAGE_BODY_LIMIT + 10 * MB);
  });

  it('streams those uploads to the processes instead of storing them first', () => {
    for (const location of ['/api/admin/', '/admin'])
      expect(block(location), location).toContain('proxy_request_buffering off;');
  });
});

// How long each part of a stop may take is written in five files; each must wait for the one
// before it, or a rolling restart cuts requests short.
describe('the bounds of a stop, from nginx to systemd', () => {
  const site = readFileSync(path.join(import.meta.dirname, 'nginx/souk-site.conf'), 'utf8');
  const unit = readFileSync(path.join(import.meta.dirname, 'systemd/souk@.service'), 'utf8');
  const rolling = readFileSync(path.join(import.meta.dirname, 'rolling-restart.sh'), 'utf8');
  const seconds = (text: string, pattern: RegExp) => {
    const found = text.match(pattern);
    if (!found) throw new Error(`not found: ${pattern}`);
    return Number(found[1]) * 1000;
  };

  it("nginx closes its idle connections before a stopping process's drain ends, which ends before its close, its primary's patience and systemd's", () => {
    const nginxIdle = seconds(site, /upstream souk \{[^}]*keepalive_timeout (\d+)s;/);
    const systemd = seconds(unit, /^TimeoutStopSec=(\d+)$/m);
    expect(nginxIdle).toBeLessThan(DRAIN_MAX_MS);
    expect(DRAIN_MAX_MS).toBeLessThan(CLOSE_DELAY_MS);
    expect(CLOSE_DELAY_MS).toBeLessThan(STOP_DELAY_MS);
    expect(STOP_DELAY_MS).toBeLessThan(systemd);
  });

  it("the rolling restart waits out nginx's fail_timeout between two processes", () => {
    const failTimeout = seconds(site, /server 127\.0\.0\.1:\d+ max_fails=\d+ fail_timeout=(\d+)s;/);
    expect(seconds(rolling, /^NGINX_FAIL_TIMEOUT=(\d+)$/m)).toBeGreaterThanOrEqual(failTimeout);
  });
});

describe('the client address the processes are given', () => {
  it('is the address that connected to nginx, whatever X-Forwarded-For the request carried', () => {
    // Overwritten, not appended to ($proxy_add_x_forwarded_for): with TRUST_PROXY=127.0.0.1 the
    // processes read the last address, and nothing a client sends can stand in for it.
    expect(conf).toMatch(/^proxy_set_header X-Forwarded-For \$remote_addr;$/m);
    expect(conf).not.toContain('$proxy_add_x_forwarded_for');
  });
});
