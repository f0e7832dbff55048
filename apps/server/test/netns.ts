import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';

/**
 * Network namespaces for the network tier (issue #30, `npm run test:network`): each speaker runs in
 * a namespace of its own, joined to the host by a veth pair on a private /30 of 10.231.X.0/24 (a
 * third octet that no address or route of the machine uses). Nothing else of the machine's network
 * is touched: only the namespaces, veth pairs, queueing disciplines and nftables tables made here,
 * all removed by `removeAll()` (and by the namespace's own removal, which takes its end of the pair
 * and its tables with it).
 *
 * Link conditions: bandwidth by `tc qdisc … tbf` on both ends, loss by an nftables table in the
 * namespace dropping `numgen random mod N`, an outage by taking the namespace's end down. Latency is
 * not here (this kernel has no netem): test/tcpRelay.ts delays each chunk.
 */

export class NetworkCommandError extends Error {}

/** Runs a command (ip, tc, nft); throws with its output when it fails. */
export function run(args: string[], input?: string): string {
  const result = spawnSync(args[0], args.slice(1), { encoding: 'utf8', input });
  if (result.status !== 0) throw new NetworkCommandError(`${args.join(' ')}: ${(result.stderr || result.stdout || String(result.error)).trim()}`);
  return result.stdout;
}

/** Whether this process may make namespaces (root, with ip, tc and nft installed). */
export function networkToolsMissing(): string | null {
  if (process.getuid?.() !== 0) return 'the network tier needs root (ip netns, tc, nft)';
  for (const tool of ['ip', 'tc', 'nft']) {
    if (spawnSync('which', [tool]).status !== 0) return `${tool} is not installed (apt-get install iproute2 nftables)`;
  }
  return null;
}

/** A third octet of 10.231.X.0/24 that no address or route of the machine (any namespace we can see) uses. */
function freeOctet(): number {
  const used = `${run(['ip', '-o', '-4', 'addr'])}\n${run(['ip', '-4', 'route', 'show', 'table', 'all'])}`;
  for (let tries = 0; tries < 200; tries += 1) {
    const x = crypto.randomInt(0, 256);
    if (!used.includes(`10.231.${x}.`) && !/\b10\.231\.0\.0\/16\b|\b10\.0\.0\.0\/8\b/.test(used)) return x;
  }
  throw new Error('no free 10.231.X.0/24 for the network tier');
}

/** One speaker's namespace and its veth pair on a /30. */
export class NetNamespace {
  private lossTable = false;

  constructor(
    readonly name: string,
    /** The host's end of the pair, and its address. */
    readonly hostIf: string, readonly hostIp: string,
    /** The namespace's end, and its address. */
    readonly nsIf: string, readonly nsIp: string,
    /** Host addresses the namespace reaches through the pair (the server's). */
    private readonly routes: string[],
  ) {}

  /** Runs a command inside the namespace. */
  exec(args: string[], input?: string): string {
    return run(['ip', 'netns', 'exec', this.name, ...args], input);
  }

  /** Starts a long-running process inside the namespace, in a process group of its own (so it can be ended with its children). */
  spawn(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): ChildProcess {
    return spawn('ip', ['netns', 'exec', this.name, ...args], { cwd: opts.cwd, env: opts.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  }

  /** An outage: the namespace's end of the link goes down (its routes go with it). */
  down(): void {
    this.exec(['ip', 'link', 'set', this.nsIf, 'down']);
  }

  /** The link back: up, and the routes to the server again. */
  up(): void {
    this.exec(['ip', 'link', 'set', this.nsIf, 'up']);
    for (const to of this.routes) this.exec(['ip', 'route', 'replace', `${to}/32`, 'via', this.hostIp, 'dev', this.nsIf]);
  }

  /** Bandwidth both ways: a token bucket on each end of the pair. */
  limit(rateKbit: number): void {
    const tbf = ['root', 'tbf', 'rate', `${rateKbit}kbit`, 'burst', '16kb', 'latency', '500ms'];
    run(['tc', 'qdisc', 'replace', 'dev', this.hostIf, ...tbf]);
    this.exec(['tc', 'qdisc', 'replace', 'dev', this.nsIf, ...tbf]);
  }

  /** Loses one packet in `oneIn` each way (an nftables table of the namespace, `numgen random`). */
  lose(oneIn: number): void {
    const rules = [
      'table inet loa_loss {',
      `  chain input { type filter hook input priority 0; policy accept; iifname "${this.nsIf}" numgen random mod ${oneIn} 0 counter drop; }`,
      `  chain output { type filter hook output priority 0; policy accept; oifname "${this.nsIf}" numgen random mod ${oneIn} 0 counter drop; }`,
      '}',
    ].join('\n');
    this.exec(['nft', '-f', '-'], rules);
    this.lossTable = true;
  }

  /** Packets the loss table dropped so far (both ways). */
  dropped(): number {
    if (!this.lossTable) return 0;
    return [...this.exec(['nft', 'list', 'table', 'inet', 'loa_loss']).matchAll(/counter packets (\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
  }

  /** Removes the loss table, the host end's queueing discipline and the namespace (its end of the pair goes with it, and so does the host's). */
  remove(): void {
    const attempts: (() => void)[] = [
      () => this.lossTable && this.exec(['nft', 'delete', 'table', 'inet', 'loa_loss']),
      () => run(['tc', 'qdisc', 'del', 'dev', this.hostIf, 'root']),
      () => run(['ip', 'link', 'del', this.hostIf]),
      () => run(['ip', 'netns', 'del', this.name]),
    ];
    for (const attempt of attempts) {
      try {
        attempt();
      } catch {
        // already gone (no qdisc, or the pair went with the namespace)
      }
    }
  }
}

/**
 * The namespaces of one test file: `hub()` first (a pair that never goes down, whose host address
 * the server listens on), then one `speaker()` namespace per speaker. All under one random tag, so
 * that `removeAll()` (and a later run, if a run was killed) finds exactly its own.
 */
export class NetLab {
  readonly tag = crypto.randomBytes(2).toString('hex');
  private readonly octet = freeOctet();
  private readonly made: NetNamespace[] = [];
  private serverIp: string | null = null;

  /** The address the server listens on. */
  get hostIp(): string {
    if (!this.serverIp) throw new Error('hub() first');
    return this.serverIp;
  }

  /** The hub: a namespace with nothing in it, whose pair gives the host an address for the server. */
  hub(): string {
    const ns = this.pair([]);
    this.serverIp = ns.hostIp;
    return ns.hostIp;
  }

  /** A namespace for one speaker, reaching the server's address through its own pair. */
  speaker(): NetNamespace {
    return this.pair([this.hostIp]);
  }

  private pair(routes: string[]): NetNamespace {
    const i = this.made.length;
    if (i >= 60) throw new Error('at most 60 namespaces per lab (a /24 of /30s)');
    const name = `loa-${this.tag}-${i}`;
    // Interface names are at most 15 characters.
    const ns = new NetNamespace(name, `lh${this.tag}${i}`, `10.231.${this.octet}.${i * 4 + 1}`, `ln${this.tag}${i}`, `10.231.${this.octet}.${i * 4 + 2}`, routes);
    this.made.push(ns);
    run(['ip', 'netns', 'add', name]);
    run(['ip', 'link', 'add', ns.hostIf, 'type', 'veth', 'peer', 'name', ns.nsIf, 'netns', name]);
    run(['ip', 'addr', 'add', `${ns.hostIp}/30`, 'dev', ns.hostIf]);
    run(['ip', 'link', 'set', ns.hostIf, 'up']);
    ns.exec(['ip', 'addr', 'add', `${ns.nsIp}/30`, 'dev', ns.nsIf]);
    ns.exec(['ip', 'link', 'set', 'lo', 'up']);
    ns.up();
    return ns;
  }

  /** Removes every namespace, pair, queueing discipline and table this lab made. */
  removeAll(): void {
    for (const ns of this.made.splice(0).reverse()) ns.remove();
  }

  /** Names of namespaces of this lab still present (none after removeAll()). */
  leftovers(): string[] {
    return run(['ip', 'netns', 'list']).split('\n').map((l) => l.split(' ')[0]).filter((n) => n.startsWith(`loa-${this.tag}-`));
  }
}
