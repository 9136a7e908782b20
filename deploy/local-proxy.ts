// Runs Debian's nginx on the shipped configuration (deploy/nginx) in front of server processes on
// this machine, without root and without touching /etc/nginx: for the tests, the bench, and anyone
// trying several processes by hand (`node deploy/local-proxy.ts 8080 3001 3002`).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';

const repoRoot = path.join(import.meta.dirname, '..');
/** Debian's module for `brotli_static` (libnginx-mod-http-brotli-static), which souk-proxy.conf uses. */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const NGINX_DIR = path.join(import.meta.dirname, 'nginx');

/** Debian's nginx: NGINX_PATH, else /usr/sbin/nginx, else the PATH's. */
export function nginxPath(): string | null {
  for (const candidate of [process.env.NGINX_PATH, '/usr/sbin/nginx']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

export type LocalProxy = {
  url: string;
  /** nginx's own log (errors and warnings). */
  errorLog(): string;
  stop(): Promise<void>;
};

export type LocalProxyOptions = {
  port: number;
  /** The server processes' ports on 127.0.0.1. */
  upstreams: number[];
  /** The shop's DATA_DIR (its media/ is served from disk). */
  dataDir: string;
};

/**
 * The site's upstream block with these processes in it, and the shipped proxy file with this
 * checkout's paths: the same directives as on a shop's server, bar TLS and the port.
 */
export function localConfiguration({ port, upstreams, dataDir }: LocalProxyOptions, prefix: string) {
  const site = readFileSync(path.join(NGINX_DIR, 'souk-site.conf'), 'utf8');
  const upstream = site.match(/upstream souk \{[\s\S]*?\n\}/)?.[0];
  if (!upstream) throw new Error('deploy/nginx/souk-site.conf has no `upstream souk` block');
  const serverLine = upstream.match(/^\s*server 127\.0\.0\.1:\d+ (.*);$/m);
  if (!serverLine) throw new Error('souk-site.conf: no server line in its upstream block');
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p} ${serverLine[1]};`).join('\n');
  const ownUpstream = upstream
    .replace(/^\s*server 127\.0\.0\.1:\d+ .*;\n/gm, '')
    .replace('upstream souk {', `upstream souk {\n${servers}`);
  const proxy = readFileSync(path.join(NGINX_DIR, 'souk-proxy.conf'), 'utf8')
    .replaceAll('/srv/souk', repoRoot)
    .replaceAll('/var/lib/souk', path.resolve(dataDir));
  writeFileSync(path.join(prefix, 'souk-proxy.conf'), proxy);
  // Run as root (a CI container), nginx's workers would become `nobody`, who may not read the
  // checkout: they stay root there.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}load_module ${BROTLI_STATIC_MODULE};
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${ownUpstream}
  server {
    listen 127.0.0.1:${port};
    server_name localhost;
    include ${prefix}/souk-proxy.conf;
  }
}
`;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Starts nginx in the foreground on `port`; resolves once it accepts connections. */
export async function startLocalProxy(options: LocalProxyOptions): Promise<LocalProxy> {
  const nginx = nginxPath();
  if (!nginx) throw new Error('nginx introuvable : apt-get install -y nginx (ou NGINX_PATH)');
  if (!existsSync(BROTLI_STATIC_MODULE))
    throw new Error(
      'Module brotli_static de nginx introuvable : apt-get install -y libnginx-mod-http-brotli-static',
    );
  const prefix = mkdtempSync(path.join(tmpdir(), 'souk-nginx-'));
  mkdirSync(path.join(prefix, 'logs'));
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, localConfiguration(options, prefix));
  const errorLog = () => {
    try {
      return readFileSync(path.join(prefix, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const child: ChildProcess = spawn(
    nginx,
    ['-p', prefix, '-e', `${prefix}/error.log`, '-c', conf, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT'); // nginx's graceful stop
      await exited;
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  // Up once it accepts connections; an nginx that refuses its configuration exits instead.
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const why = `${stderr}${errorLog()}`;
      await stop();
      throw new Error(`nginx ne démarre pas :\n${why}`);
    }
    if (await accepts(options.port)) break;
    await wait(50);
  }
  return { url: `http://127.0.0.1:${options.port}`, errorLog, stop };
}

// `node deploy/local-proxy.ts PORT UPSTREAM_PORT…` (DATA_DIR as the processes'): until Ctrl-C.
if (import.meta.main) {
  const [port, ...upstreams] = process.argv.slice(2).map(Number);
  if (!port || !upstreams.length || upstreams.some((p) => !p)) {
    console.error('usage : node deploy/local-proxy.ts PORT PORT_PROCESSUS…');
    process.exit(2);
  }
  const proxy = await startLocalProxy({ port, upstreams, dataDir: process.env.DATA_DIR ?? 'var' });
  console.info(`nginx sur ${proxy.url} devant ${upstreams.map((p) => `127.0.0.1:${p}`).join(', ')}`);
  const end = () => void proxy.stop().then(() => process.exit(0));
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
}
