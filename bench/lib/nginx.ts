import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hardFileLimit } from './machine';

/** Debian's nginx serving a folder on a free port of 127.0.0.1, as the plain static server the sound figures are compared with. */
export interface StaticServer {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/** A port nobody listens on now (bound on port 0, then released). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Starts nginx (NGINX, default /usr/sbin/nginx) in the foreground with its own configuration in a
 * temporary folder: one worker (the Loa server is one Node process), sendfile, no access log, the
 * folder `root` served as audio/mpeg, its open files shared between requests (open_file_cache). Stopped (and its folder removed) by `stop`.
 */
export async function startNginx(root: string, connections: number): Promise<StaticServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loa-bench-nginx-'));
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  // As root, nginx's workers would run as nobody, who cannot read the server's private data folder.
  await writeFile(conf, `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
worker_rlimit_nofile ${Math.min(connections * 2 + 1024, hardFileLimit())};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections ${connections + 1024}; multi_accept on; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  # One open descriptor for a file every request shares, as Loa sends a bulletin from one copy in memory.
  open_file_cache max=1000 inactive=60s;
  keepalive_timeout 0;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { audio/mpeg mp3; }
  default_type audio/mpeg;
  server {
    listen 127.0.0.1:${port} backlog=${connections};
    root ${root};
    location / { }
  }
}
`);
  const child: ChildProcess = spawn(process.env.NGINX ?? '/usr/sbin/nginx', ['-p', dir, '-c', conf, '-e', `${dir}/error.log`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Listening once a connection is accepted.
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr.trim()}`);
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not listen on ${port}: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
