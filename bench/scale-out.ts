// Processes behind nginx: 1, 2 and 4 server processes sharing one PostgreSQL database, one Redis and
// one DATA_DIR behind Debian's nginx on the shipped configuration (deploy/local-proxy.ts), and the
// one process without nginx, under the rush's 50 connections: that several processes serve together,
// what the proxy costs, and where the machine's cores go meanwhile.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { type LocalProxy, startLocalProxy } from '../deploy/local-proxy.ts';
import { BROWSER_USER_AGENT } from './bundle.ts';
import { track } from './cleanup.ts';
import { type LoadOptions, type LoadResult, measure } from './load.ts';
import { measureSpread, RUSH_CONNECTIONS, shopUrls } from './rush.ts';
import { type ChildServer, freePort, startServer, tempDir } from './servers.ts';

/** The steps: this many processes behind nginx, each after the one process alone without it. */
export const SCALE_OUT_STEPS = [1, 2, 4];
const LIST = '/api/products?per_page=12';
// As a phone browser asks for a page (streamed render); no compression, so nginx passes the bytes
// through as the process sends them (it compresses only for a client that asks).
const PAGE_HEADERS = { 'user-agent': BROWSER_USER_AGENT, accept: 'text/html', 'accept-encoding': 'identity' };
// The product list asked with a guest cart, as the rush's uncached searches are: someone's own
// request, which the response cache neither answers nor keeps, so every one reaches PostgreSQL.
const UNCACHED_HEADERS = { 'accept-encoding': 'identity', 'x-session-id': 'banc-panier-invite' };

/** CPU over the measured seconds, in % of one core (a saturated 2-core machine is 200). */
export type CpuUse = {
  /** Each server process of the setup, in the order they started. */
  servers: number[];
  /** nginx's master and worker together; null without nginx. */
  nginx: number | null;
  /** The PostgreSQL backends serving this case's database (one that ends meanwhile is not counted). */
  postgres: number;
  /** The bench's own process, where autocannon runs. */
  loadGenerator: number;
  /** Every process of the machine: /proc/stat's busy time (at most cores × 100). */
  machine: number;
  /** Interrupts (irq and softirq, /proc/stat): mostly the loopback network's, counted to no process. */
  interrupts: number;
  /** The machine's busy time less all of the above: other work on it, and the kernel's threads. */
  rest: number;
};

export type ScaleOutRun = LoadResult & {
  cpu: CpuUse;
  /** Each process's response-cache hits and misses over the measured seconds (GET /api/health). */
  cache: { hits: number; misses: number }[];
};

export type ScaleOutSetup = {
  id: string;
  label: string;
  processes: number;
  proxy: boolean;
  browse?: ScaleOutRun;
  uncached?: ScaleOutRun;
  /** nginx's error log over this setup: its error and warning lines, and the first few of them. */
  nginxLog?: { errors: number; warnings: number; sample: string[] };
};

export type ScaleOutResult = {
  /** os.availableParallelism(): what the processes, nginx, PostgreSQL and autocannon share. */
  cores: number;
  connections: number;
  durationS: number;
  warmupS: number;
  /** The pages of the anonymous browse, taken in turn. */
  pages: number;
  uncachedPath: string;
  /** Each process's start until /api/health/ready answered 200, the first one migrating and seeding. */
  startupMs: number[];
  setups: ScaleOutSetup[];
};

export type ScaleOutOptions = {
  databaseUrl: string;
  redisUrl: string;
  serverEntry: string;
  load: LoadOptions;
  log: (line: string) => void;
  verbose?: boolean;
};

export function emptyScaleOut(load: LoadOptions): ScaleOutResult {
  return {
    cores: os.availableParallelism(),
    connections: RUSH_CONNECTIONS,
    durationS: load.durationS,
    warmupS: load.warmupS,
    pages: 0,
    uncachedPath: LIST,
    startupMs: [],
    setups: [],
  };
}

// ---- CPU from /proc (Linux): ticks of the processes measured, busy ticks of the machine ----

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The fields of /proc/<pid>/stat after the command's name (state first), or null when gone. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** User and system ticks a process has used (0 once it is gone). */
function processTicks(pid: number): number {
  const fields = statFields(pid);
  // utime and stime are the stat file's 14th and 15th fields: 12th and 13th after the name.
  return fields ? Number(fields[11]) + Number(fields[12]) : 0;
}

/** The machine's busy ticks, every core (all but idle and iowait), and those of interrupts. */
function machineTicks(): { busy: number; interrupts: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  // user nice system idle iowait irq softirq steal
  const values = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  return {
    busy: total - (values[3] ?? 0) - (values[4] ?? 0),
    interrupts: (values[5] ?? 0) + (values[6] ?? 0),
  };
}

/** Every process's command name and parent, from /proc/<pid>/stat. */
function processes(): { pid: number; name: string; ppid: number }[] {
  const out: { pid: number; name: string; ppid: number }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      out.push({
        pid: Number(entry),
        name,
        ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]),
      });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** nginx's master (a child of this process: startLocalProxy spawns it) and its workers. */
function nginxPids(): number[] {
  const all = processes().filter((p) => p.name === 'nginx');
  const masters = all.filter((p) => p.ppid === process.pid).map((p) => p.pid);
  const workers = all.filter((p) => masters.includes(p.ppid)).map((p) => p.pid);
  return [...masters, ...workers];
}

/** The PostgreSQL backends connected to `database` on this machine ("postgres: … user database …"). */
function postgresBackends(database: string): number[] {
  return processes()
    .filter((p) => p.name === 'postgres')
    .filter((p) => {
      try {
        const title = readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return title.startsWith('postgres: ') && title.split(' ').includes(database);
      } catch {
        return false;
      }
    })
    .map((p) => p.pid);
}

type Sample = {
  at: number;
  servers: number[];
  nginx: number;
  postgres: Map<number, number>;
  bench: number;
  machine: { busy: number; interrupts: number };
};

function sample(servers: ChildServer[], nginx: number[], database: string): Sample {
  const bench = process.cpuUsage();
  return {
    at: performance.now(),
    servers: servers.map((s) => processTicks(s.child.pid as number)),
    nginx: nginx.reduce((sum, pid) => sum + processTicks(pid), 0),
    postgres: new Map(postgresBackends(database).map((pid) => [pid, processTicks(pid)])),
    bench: (bench.user + bench.system) / 1e6,
    machine: machineTicks(),
  };
}

function cpuBetween(a: Sample, b: Sample, withNginx: boolean): CpuUse {
  const seconds = (b.at - a.at) / 1000;
  const share = (ticks: number) => (ticks / CLOCK_TICKS / seconds) * 100;
  // A backend that started meanwhile counts whole; one that ended is lost (its ticks are gone).
  let postgresTicks = 0;
  for (const [pid, ticks] of b.postgres) postgresTicks += ticks - (a.postgres.get(pid) ?? 0);
  const servers = b.servers.map((t, i) => share(t - (a.servers[i] ?? 0)));
  const nginx = withNginx ? share(b.nginx - a.nginx) : 0;
  const postgres = share(postgresTicks);
  const loadGenerator = ((b.bench - a.bench) / seconds) * 100;
  const machine = share(b.machine.busy - a.machine.busy);
  const interrupts = share(b.machine.interrupts - a.machine.interrupts);
  const ours = servers.reduce((x, y) => x + y, 0) + nginx + postgres + loadGenerator + interrupts;
  return {
    servers: servers.map((v) => Math.round(v)),
    nginx: withNginx ? Math.round(nginx) : null,
    postgres: Math.round(postgres),
    loadGenerator: Math.round(loadGenerator),
    machine: Math.round(machine),
    interrupts: Math.round(interrupts),
    rest: Math.max(0, Math.round(machine - ours)),
  };
}

type Health = { data?: { cache?: { hits: number; misses: number } } };

async function cacheCounts(servers: ChildServer[]) {
  return Promise.all(
    servers.map(async (s) => {
      const body = (await (await fetch(`${s.origin}/api/health`)).json()) as Health;
      return { hits: body.data?.cache?.hits ?? 0, misses: body.data?.cache?.misses ?? 0 };
    }),
  );
}

/** GET `path` from `origin`, read to its end; throws unless it answers 200. */
async function get(origin: string, path: string, headers: Record<string, string>) {
  const res = await fetch(origin + path, { headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${origin}${path} answered ${res.status}`);
}

/**
 * Every page once, straight to the process, then the uncached list: its response cache holds the
 * pages before it is measured, whichever step it joins (the cache is each process's own).
 */
async function prime(server: ChildServer, pages: string[]) {
  for (const page of pages) await get(server.origin, page, PAGE_HEADERS);
  await get(server.origin, LIST, UNCACHED_HEADERS);
}

/** nginx's log lines at error and warning levels (its notices at start are not kept: level warn). */
function readNginxLog(proxy: LocalProxy): NonNullable<ScaleOutSetup['nginxLog']> {
  const lines = proxy
    .errorLog()
    .split('\n')
    .filter((l) => l.trim());
  const errors = lines.filter((l) => /\[(error|crit|alert|emerg)\]/.test(l));
  const warnings = lines.filter((l) => /\[warn\]/.test(l));
  return {
    errors: errors.length,
    warnings: warnings.length,
    sample: [...errors, ...warnings].slice(0, 5).map((l) => (l.length > 300 ? `${l.slice(0, 300)}…` : l)),
  };
}

/**
 * The case: a database already created (empty) at `databaseUrl`; `into` is filled as it goes, so
 * what was measured before a failure is kept. Every process and nginx are stopped before it returns.
 */
export async function measureScaleOut(options: ScaleOutOptions, into: ScaleOutResult): Promise<void> {
  const { log, load } = options;
  const run: LoadOptions = { connections: RUSH_CONNECTIONS, durationS: load.durationS, warmupS: 0 };
  const warmup: LoadOptions = { connections: RUSH_CONNECTIONS, durationS: load.warmupS, warmupS: 0 };
  const database = decodeURIComponent(new URL(options.databaseUrl).pathname.slice(1));
  const dir = tempDir('souk-bench-scale-out-');
  const servers: ChildServer[] = [];
  let stopProxy: (() => Promise<void>) | null = null;
  // One port for nginx at every step, so every process is told the shop's one address.
  const proxyPort = await freePort();
  const env = {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    DATA_DIR: dir.dir,
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    TRUST_PROXY: '127.0.0.1',
    // As the end-to-end tests set them: one address (the bench's) is every visitor.
    AUTH_RATE_LIMIT_MAX: '1000',
    AUTH_RATE_LIMIT_IP_MAX: '10000',
    ORDER_RATE_LIMIT_MAX: '1000',
    ORDER_RATE_LIMIT_IP_MAX: '1000',
  };
  const start = async (n: number) => {
    const server = await startServer({
      name: `scale-out ${n}`,
      script: options.serverEntry,
      env,
      healthPath: '/api/health/ready',
      verbose: options.verbose,
    });
    servers.push(server);
    into.startupMs.push(server.startupMs);
    return server;
  };

  try {
    log('scale-out: the first process alone (it migrates and seeds the demo shop)…');
    const first = await start(1);
    const urls = await shopUrls(first.origin);
    const pages = ['/', '/catalog', ...urls.categories, ...urls.products];
    into.pages = pages.length;
    await prime(first, pages);

    /** Both loads on `origin`, each after its warm-up, with the CPU and caches of `targets`. */
    const measureSetup = async (setup: ScaleOutSetup, origin: string, targets: ChildServer[]) => {
      into.setups.push(setup);
      const nginx = setup.proxy ? nginxPids() : [];
      const cases = [
        [
          'browse',
          () => measureSpread(origin, pages, warmup, PAGE_HEADERS),
          () => measureSpread(origin, pages, run, PAGE_HEADERS),
        ],
        [
          'uncached',
          () => measure(origin + LIST, warmup, UNCACHED_HEADERS),
          () => measure(origin + LIST, run, UNCACHED_HEADERS),
        ],
      ] as const;
      for (const [id, warm, measured] of cases) {
        await warm();
        const cacheBefore = await cacheCounts(targets);
        const before = sample(targets, nginx, database);
        const result = await measured();
        const after = sample(targets, nginx, database);
        const cacheAfter = await cacheCounts(targets);
        const outcome: ScaleOutRun = {
          ...result,
          cpu: cpuBetween(before, after, setup.proxy),
          cache: cacheAfter.map((c, i) => ({
            hits: c.hits - (cacheBefore[i]?.hits ?? 0),
            misses: c.misses - (cacheBefore[i]?.misses ?? 0),
          })),
        };
        setup[id] = outcome;
        log(
          `  ${setup.label}, ${id}: ${Math.round(result.requestsPerSec)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, non-2xx ${result.non2xx}, errors ${result.errors + result.timeouts}; CPU % processes ${outcome.cpu.servers.join(' / ')}${outcome.cpu.nginx === null ? '' : `, nginx ${outcome.cpu.nginx}`}, PostgreSQL ${outcome.cpu.postgres}, autocannon ${outcome.cpu.loadGenerator}, interrupts ${outcome.cpu.interrupts}, rest ${outcome.cpu.rest} (machine ${outcome.cpu.machine})`,
        );
      }
    };

    log(`scale-out: ${pages.length} pages in turn and ${LIST} uncached, ${RUSH_CONNECTIONS} connections`);
    await measureSetup(
      { id: 'direct-1', label: '1 process, no nginx', processes: 1, proxy: false },
      first.origin,
      [first],
    );

    for (const count of SCALE_OUT_STEPS) {
      if (servers.length < count) {
        log(`scale-out: starting ${count - servers.length} more process(es) on the seeded database…`);
        const numbers = Array.from({ length: count - servers.length }, (_, i) => servers.length + i + 1);
        const started = await Promise.allSettled(numbers.map(start));
        const failed = started.find((s) => s.status === 'rejected');
        if (failed) throw failed.reason;
        for (const server of servers.slice(-numbers.length)) await prime(server, pages);
      }
      const behind = servers.slice(0, count);
      const proxy = await startLocalProxy({
        port: proxyPort,
        upstreams: behind.map((s) => s.port),
        dataDir: dir.dir,
      });
      const nginx = nginxPids();
      stopProxy = track({
        name: `nginx on port ${proxyPort}`,
        release: () => proxy.stop(),
        // At exit nothing async runs: nginx's fast stop, which ends its workers too.
        releaseSync: () => {
          for (const pid of nginx.slice(0, 1)) process.kill(pid, 'SIGTERM');
        },
      });
      const setup: ScaleOutSetup = {
        id: `nginx-${count}`,
        label: `nginx → ${count} process${count > 1 ? 'es' : ''}`,
        processes: count,
        proxy: true,
      };
      try {
        await get(proxy.url, '/healthz', {});
        await measureSetup(setup, proxy.url, behind);
      } finally {
        setup.nginxLog = readNginxLog(proxy);
        await stopProxy();
        stopProxy = null;
      }
    }
  } finally {
    await stopProxy?.();
    for (const server of [...servers].reverse()) await server.stop();
    await dir.remove();
  }
}
