import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './mosquitto';

export const NGINX_BIN = process.env.NGINX ?? '/usr/sbin/nginx';
/** The caching tier's configuration as operators install it (docs/operations.md "Audio at scale"). */
export const MEDIA_CACHE_CONF = fileURLToPath(new URL('../../../deploy/nginx/loa-media-cache.conf', import.meta.url));

/**
 * Debian's nginx running deploy/nginx/loa-media-cache.conf itself, in front of Loa instances on
 * 127.0.0.1 (each its API port and its MEDIA_CHECK_PORT): the file's upstream servers, listen port
 * and cache folder are replaced by the test's own (nothing else of it changes), inside a minimal
 * `http` block. Its own temporary directory.
 */
export async function startMediaCache(backends: { port: number; checkPort: number }[], connections = 1024): Promise<{ url: string; output: () => string; stop: () => Promise<void> }> {
  if (!fs.existsSync(NGINX_BIN)) throw new Error(`${NGINX_BIN} is missing: install Debian's nginx (.ci/run does)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-media-cache-'));
  const port = await freePort();
  const shipped = fs.readFileSync(MEDIA_CACHE_CONF, 'utf8');
  // Each upstream's server lines become the test's: the API ports in loa_servers, the check listeners' in loa_checks.
  const upstreams: Record<string, number[]> = { loa_servers: backends.map((b) => b.port), loa_checks: backends.map((b) => b.checkPort) };
  const replaced = new Set<string>();
  const conf = shipped
    .replace(/^upstream (\w+) \{\n((?:.*\n)*?)\}/gm, (block, name: string, body: string) => {
      const ports = upstreams[name];
      if (!ports) return block;
      replaced.add(name);
      let servers = 0;
      const inner = body.replace(/^(\s*)server \d+\.\d+\.\d+\.\d+:\d+;\n/gm, (_line, indent: string) => (servers++ === 0 ? ports.map((p) => `${indent}server 127.0.0.1:${p};\n`).join('') : ''));
      return `upstream ${name} {\n${inner}}`;
    })
    .replace(/^(\s*)listen \d+/m, `$1listen 127.0.0.1:${port}`)
    .replace(/proxy_cache_path \S+/, `proxy_cache_path ${dir}/cache`);
  if (replaced.size !== Object.keys(upstreams).length || !conf.includes(`listen 127.0.0.1:${port}`)) throw new Error(`${MEDIA_CACHE_CONF}: its upstreams (${Object.keys(upstreams).join(', ')}) or listen line were not found`);
  const main = path.join(dir, 'nginx.conf');
  // LOA_TIER_ACCESS_LOG=<file>: every request and check subrequest with its times (where a benchmark's wait is),
  // and nginx's error log kept as <file>.error when it stops; else no access log.
  const logFile = process.env.LOA_TIER_ACCESS_LOG;
  const accessLog = logFile
    ? `log_format loa_times '$msec $request_time $upstream_connect_time $upstream_header_time $upstream_response_time $status $upstream_cache_status $uri';\n  access_log ${logFile} loa_times;\n  log_subrequest on;`
    : 'access_log off;';
  // `connections`: a benchmark's ten thousand speakers (each also takes a connection to Loa while it is checked).
  const files = connections > 1024 ? `worker_rlimit_nofile ${connections * 2 + 1024};\n` : '';
  // One worker, as the plain nginx a benchmark compares it with; LOA_TIER_WORKERS=<n> gives it more (where its own loop is the limit).
  const workers = Number(process.env.LOA_TIER_WORKERS) || 1;
  fs.writeFileSync(main, `${process.getuid?.() === 0 ? 'user root;\n' : ''}${files}worker_processes ${workers};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections ${connections * 2}; }
http {
  ${accessLog}
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${conf}
}
`);
  const child: ChildProcess = spawn(NGINX_BIN, ['-p', dir, '-c', main, '-e', `${dir}/error.log`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output = () => `${stderr}${fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, 'utf8') : ''}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    // With the access log asked for, its error log is kept beside it (what nginx refused, e.g. past worker_connections).
    if (logFile && fs.existsSync(`${dir}/error.log`)) fs.copyFileSync(`${dir}/error.log`, `${logFile}.error`);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) break;
    if (await fetch(`http://127.0.0.1:${port}/media/`).then(() => true, () => false)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (child.exitCode !== null) {
    const text = output();
    await stop();
    throw new Error(`nginx did not start: ${text}`);
  }
  return { url: `http://127.0.0.1:${port}`, output, stop };
}
