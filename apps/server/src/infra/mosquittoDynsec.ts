import crypto from 'node:crypto';
import type { MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { topics } from '@loa/contract';

/**
 * Device accounts on an external Mosquitto, kept by Loa through the broker's dynamic-security
 * plugin (MQTT_DYNSEC=1): JSON commands published on `$CONTROL/dynamic-security/v1`, answers read
 * on `$CONTROL/dynamic-security/v1/response` (mosquitto.org/documentation/dynamic-security).
 *
 * What Loa creates on the broker:
 * - per device: a client (username and client id = the device id, password = its secret) with the
 *   role `loa-device-{id}` (publish its state and event, subscribe to and receive its cmd and
 *   config) and the group of its area;
 * - per area: a role `loa-area-{areaId}` (subscribe to and receive the area's cmd) and a group
 *   `loa-area-{areaId}` holding the roles of the area and its ancestors, then `loa-device-deny`;
 * - `loa-device-deny`: refuses every other publish, subscription and delivery, whatever the
 *   broker's default ACL access says;
 * - `loa-server`: the server's own rights on the `pa/v1/...` topics, added to its account.
 *
 * The plugin checks a client's own roles first, then its groups' roles by priority, so a device's
 * rights are its own topics, its area chain's command topics, and nothing else. A moved device
 * changes group (the plugin disconnects it; it reconnects with the new rights); a moved area
 * changes its group's roles. Mosquitto 2.0 rewrites its whole configuration file after every
 * command, so the server sends only what differs (a start with nothing changed sends no change).
 */

export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
export const DYNSEC_RESPONSE_TOPIC = '$CONTROL/dynamic-security/v1/response';

export const dynsecNames = {
  deviceRole: (deviceId: string) => `loa-device-${deviceId}`,
  areaRole: (areaId: string) => `loa-area-${areaId}`,
  areaGroup: (areaId: string) => `loa-area-${areaId}`,
  denyRole: 'loa-device-deny',
  serverRole: 'loa-server',
};

export type AclType = 'publishClientSend' | 'publishClientReceive' | 'subscribeLiteral' | 'subscribePattern' | 'unsubscribeLiteral' | 'unsubscribePattern';
export interface Acl {
  acltype: AclType;
  topic: string;
  priority: number;
  allow: boolean;
}
export interface DynsecCommand {
  command: string;
  [key: string]: unknown;
}
export interface DynsecResponse {
  command: string;
  error?: string;
  data?: unknown;
  correlationData?: string;
}

/** The broker did not answer: not connected, or no answer in time (plugin not loaded, no rights). */
export class DynsecUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DynsecUnavailableError';
  }
}

/** The plugin refused a command (its own error text, e.g. "Role not found"). */
export class DynsecCommandError extends Error {
  constructor(readonly command: DynsecCommand, readonly reason: string) {
    super(`mosquitto dynamic security: ${command.command}${describeTarget(command)} failed: ${reason}`);
    this.name = 'DynsecCommandError';
  }
}

function describeTarget(command: DynsecCommand): string {
  const target = command.username ?? command.rolename ?? command.groupname;
  return typeof target === 'string' ? ` (${target})` : '';
}

// Priorities: never -1, the plugin's default, which it leaves out of its listings.
const ALLOW = 10;
const DENY = 0;
const AREA_ROLE_PRIORITY = 10;
const DENY_ROLE_PRIORITY = 1;
const BATCH = 100;

/** Rights of device `id` on its own topics (the embedded broker's ACL, docs/device-protocol.md). */
export function deviceRoleAcls(id: string): Acl[] {
  return [
    { acltype: 'publishClientSend', topic: topics.state(id), priority: ALLOW, allow: true },
    { acltype: 'publishClientSend', topic: topics.event(id), priority: ALLOW, allow: true },
    { acltype: 'publishClientSend', topic: topics.clock(id), priority: ALLOW, allow: true },
    ...[topics.deviceCmd(id), topics.config(id), topics.plan(id), topics.time(id)].flatMap((topic): Acl[] => [
      { acltype: 'subscribeLiteral', topic, priority: ALLOW, allow: true },
      { acltype: 'publishClientReceive', topic, priority: ALLOW, allow: true },
    ]),
  ];
}

/** Rights of the devices of an area (or below it) on the area's command topic. */
export function areaRoleAcls(areaId: string): Acl[] {
  const topic = topics.areaCmd(areaId);
  return [
    { acltype: 'subscribeLiteral', topic, priority: ALLOW, allow: true },
    { acltype: 'publishClientReceive', topic, priority: ALLOW, allow: true },
  ];
}

/** Everything else refused to a device ('#' does not match the `$` topics, so they are named). */
export const denyRoleAcls: Acl[] = (['publishClientSend', 'publishClientReceive', 'subscribePattern'] as const).flatMap((acltype) =>
  ['#', '$CONTROL/#', '$SYS/#'].map((topic): Acl => ({ acltype, topic, priority: DENY, allow: false })));

/** The server's own rights: commands and configurations out, device state and events in. */
export const serverRoleAcls: Acl[] = [
  { acltype: 'publishClientSend', topic: 'pa/v1/#', priority: ALLOW, allow: true },
  { acltype: 'publishClientReceive', topic: 'pa/v1/#', priority: ALLOW, allow: true },
  { acltype: 'subscribePattern', topic: 'pa/v1/#', priority: ALLOW, allow: true },
  { acltype: 'publishClientSend', topic: `${DYNSEC_TOPIC}`, priority: ALLOW, allow: true },
  { acltype: 'publishClientReceive', topic: DYNSEC_RESPONSE_TOPIC, priority: ALLOW, allow: true },
  { acltype: 'subscribePattern', topic: DYNSEC_RESPONSE_TOPIC, priority: ALLOW, allow: true },
];

const aclKey = (acls: readonly Partial<Acl>[]) =>
  acls.map((a) => `${a.acltype}|${a.topic}|${a.priority ?? -1}|${a.allow === true}`).sort().join('\n');
const rolesKey = (roles: readonly { rolename: string; priority?: number }[]) =>
  roles.map((r) => `${r.rolename}|${r.priority ?? -1}`).sort().join('\n');

/**
 * Sends dynamic-security commands over the server's MQTT connection and matches each answer to
 * its command by correlationData (every administrator on the broker receives every answer).
 */
export class DynsecClient {
  private readonly pending = new Map<string, (response: DynsecResponse) => void>();
  private readonly prefix = crypto.randomBytes(6).toString('hex');
  private counter = 0;

  constructor(private readonly client: MqttClient, private readonly timeoutMs = 10_000) {
    client.on('message', (topic, payload) => {
      if (topic === DYNSEC_RESPONSE_TOPIC) this.onResponse(payload);
    });
  }

  /** Subscribes to the answers; fails clearly when the account may not. */
  async start(): Promise<void> {
    try {
      await this.client.subscribeAsync(DYNSEC_RESPONSE_TOPIC, { qos: 1 });
    } catch (error) {
      throw new DynsecUnavailableError(`the MQTT_URL account may not subscribe to ${DYNSEC_RESPONSE_TOPIC}: give it the dynamic-security admin role (${(error as Error).message})`);
    }
  }

  private onResponse(payload: Buffer): void {
    let body: { responses?: DynsecResponse[] };
    try {
      body = JSON.parse(payload.toString('utf8')) as { responses?: DynsecResponse[] };
    } catch {
      return;
    }
    for (const response of body.responses ?? []) {
      const settle = response.correlationData ? this.pending.get(response.correlationData) : undefined;
      if (settle) settle(response);
    }
  }

  /** Sends the commands (up to 100 per message) and answers one response per command, in order. */
  async send(commands: DynsecCommand[]): Promise<DynsecResponse[]> {
    const out: DynsecResponse[] = [];
    for (let i = 0; i < commands.length; i += BATCH) out.push(...(await this.sendBatch(commands.slice(i, i + BATCH))));
    return out;
  }

  /** Like send(), but throws the first refusal. */
  async run(commands: DynsecCommand[]): Promise<DynsecResponse[]> {
    const responses = await this.send(commands);
    responses.forEach((r, i) => {
      if (r.error) throw new DynsecCommandError(commands[i], r.error);
    });
    return responses;
  }

  private async sendBatch(commands: DynsecCommand[]): Promise<DynsecResponse[]> {
    if (commands.length === 0) return [];
    if (!this.client.connected) throw new DynsecUnavailableError('not connected to the MQTT broker');
    const ids = commands.map(() => `${this.prefix}-${(this.counter += 1)}`);
    const answers = ids.map((id) => new Promise<DynsecResponse>((resolve) => this.pending.set(id, resolve)));
    // Mosquitto 2.0 saves its whole file after each command: allow for that on a large fleet.
    const timeoutMs = this.timeoutMs + commands.length * 500;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DynsecUnavailableError(
        `no answer from the dynamic-security plugin within ${Math.round(timeoutMs / 1000)} s (is mosquitto_dynamic_security loaded, and does the MQTT_URL account have its admin role?)`,
      )), timeoutMs);
    });
    try {
      const published = this.client.publishAsync(DYNSEC_TOPIC, JSON.stringify({ commands: commands.map((c, i) => ({ ...c, correlationData: ids[i] })) }), { qos: 1 });
      // The publish itself may wait for a connection that was lost: the time limit covers it too.
      return await Promise.race([published.then(() => Promise.all(answers)), timeout]);
    } finally {
      clearTimeout(timer);
      for (const id of ids) this.pending.delete(id);
    }
  }
}

/**
 * Gives the server's own account (the MQTT_URL user, which must hold the plugin's admin role) the
 * `loa-server` role. The plugin disconnects a client whose roles change; mqtt.js reconnects it.
 */
export async function ensureServerAccess(client: MqttClient, dynsec: DynsecClient, username: string, log: FastifyBaseLogger): Promise<void> {
  const [created] = await dynsec.send([{ command: 'createRole', rolename: dynsecNames.serverRole, acls: serverRoleAcls }]);
  if (created.error) {
    const [role] = await dynsec.run([{ command: 'getRole', rolename: dynsecNames.serverRole }]);
    const acls = (role.data as { role?: { acls?: Acl[] } } | undefined)?.role?.acls ?? [];
    if (aclKey(acls) !== aclKey(serverRoleAcls)) await dynsec.run([{ command: 'modifyRole', rolename: dynsecNames.serverRole, acls: serverRoleAcls }]);
  }
  const [self] = await dynsec.run([{ command: 'getClient', username }]);
  const roles = (self.data as { client?: { roles?: { rolename: string }[] } } | undefined)?.client?.roles ?? [];
  if (roles.some((r) => r.rolename === dynsecNames.serverRole)) return;

  log.info({ username }, 'mosquitto: giving the server account the loa-server role (the broker reconnects it)');
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  const reconnected = new Promise<void>((resolve) => client.once('connect', () => resolve()));
  // The answer is usually lost with the connection the plugin cuts: wait for either.
  await Promise.race([dynsec.send([{ command: 'addClientRole', username, rolename: dynsecNames.serverRole, priority: ALLOW }]).catch(() => undefined), closed]);
  // mqtt.js reconnects by itself (reconnectPeriod); the new session must subscribe to the answers again.
  if (!client.connected) {
    await Promise.race([reconnected, new Promise((_, reject) => setTimeout(() => reject(new DynsecUnavailableError('the broker did not take the server back after its role changed')), 15_000).unref())]);
  }
  await dynsec.start();
  const [after] = await dynsec.run([{ command: 'getClient', username }]);
  const now = (after.data as { client?: { roles?: { rolename: string }[] } } | undefined)?.client?.roles ?? [];
  if (!now.some((r) => r.rolename === dynsecNames.serverRole)) throw new DynsecUnavailableError(`could not give ${username} the ${dynsecNames.serverRole} role`);
}

/** A device's area and the chain of areas whose command topics it may follow (root first). */
export interface DeviceAccess {
  id: string;
  areaId: string;
  chain: string[];
}

/** What the gateway asks of a broker whose device accounts Loa manages. */
export interface DeviceAccounts {
  /**
   * Creates the device's account with this secret in its area, replacing any account it had (and
   * cutting that session). Rejects when the broker does not confirm.
   */
  provision(device: DeviceAccess, secret: string): Promise<void>;
  /** Moves a device's account to its new area (the broker disconnects it; it reconnects with the new rights). */
  move(device: DeviceAccess): Promise<void>;
  /** Deletes a device's account and role (its session is cut). */
  remove(deviceId: string): Promise<void>;
  /** The area tree changed: every area group follows its area's new chain. Never rejects. */
  areasChanged(chainOf: (areaId: string) => string[]): Promise<void>;
  /**
   * At start: roles, groups and memberships of every device brought in line (passwords are the
   * broker's and untouched); accounts of devices that no longer exist are deleted.
   */
  sync(devices: DeviceAccess[], existingIds: () => Promise<Set<string>>): Promise<SyncSummary>;
}

export interface SyncSummary {
  /** Commands that changed a role, group or membership. */
  changes: number;
  /** Accounts of devices that no longer exist, deleted. */
  removed: number;
  /** Devices with no account on the broker (added before MQTT_DYNSEC: a secret reset makes one). */
  withoutAccount: number;
}

interface ListedRole { rolename: string; acls?: Acl[] }
interface ListedGroup { groupname: string; roles?: { rolename: string; priority?: number }[] }
interface ListedClient { username: string; roles?: { rolename: string }[]; groups?: { groupname: string }[] }

/** Device accounts on Mosquitto's dynamic-security plugin. */
export class MosquittoDeviceAccounts implements DeviceAccounts {
  /** Area groups known to be on the broker, by area id, with the chain they hold. */
  private readonly groups = new Map<string, string>();
  /** Area roles known to be on the broker. */
  private readonly areaRoles = new Set<string>();
  private denyRoleMade = false;

  constructor(private readonly dynsec: DynsecClient, private readonly log: FastifyBaseLogger) {}

  private groupRoles(chain: string[]) {
    return [
      ...chain.map((a) => ({ rolename: dynsecNames.areaRole(a), priority: AREA_ROLE_PRIORITY })),
      { rolename: dynsecNames.denyRole, priority: DENY_ROLE_PRIORITY },
    ];
  }

  /** Makes sure the area's group exists and holds its chain's roles. */
  private async ensureGroup(areaId: string, chain: string[]): Promise<void> {
    const key = chain.join('/');
    if (this.groups.get(areaId) === key) return;
    const missing = chain.filter((a) => !this.areaRoles.has(a));
    // A role that already exists answers an error here: harmless, the group command below tells.
    await this.dynsec.send([
      ...(this.denyRoleMade ? [] : [{ command: 'createRole', rolename: dynsecNames.denyRole, acls: denyRoleAcls }]),
      ...missing.map((a) => ({ command: 'createRole', rolename: dynsecNames.areaRole(a), acls: areaRoleAcls(a) })),
    ]);
    this.denyRoleMade = true;
    for (const a of missing) this.areaRoles.add(a);
    const groupname = dynsecNames.areaGroup(areaId);
    const roles = this.groupRoles(chain);
    const [created, listed] = await this.dynsec.send([{ command: 'createGroup', groupname, roles }, { command: 'getGroup', groupname }]);
    // Changing a group disconnects its devices: only when its roles really differ (another
    // server instance may have changed it already).
    const current = (listed.data as { group?: ListedGroup } | undefined)?.group?.roles ?? [];
    if (created.error && rolesKey(current) !== rolesKey(roles)) await this.dynsec.run([{ command: 'modifyGroup', groupname, roles }]);
    this.groups.set(areaId, key);
  }

  async provision(device: DeviceAccess, secret: string): Promise<void> {
    await this.ensureGroup(device.areaId, device.chain);
    const rolename = dynsecNames.deviceRole(device.id);
    // One message, run in order: whatever was there goes (its session with it), then the new account.
    const responses = await this.dynsec.send([
      { command: 'deleteClient', username: device.id },
      { command: 'deleteRole', rolename },
      { command: 'createRole', rolename, acls: deviceRoleAcls(device.id) },
      {
        command: 'createClient', username: device.id, clientid: device.id, password: secret, textname: 'Loa',
        roles: [{ rolename, priority: ALLOW }], groups: [{ groupname: dynsecNames.areaGroup(device.areaId), priority: ALLOW }],
      },
    ]);
    const failed = responses.slice(2).find((r) => r.error);
    if (failed) throw new DynsecCommandError({ command: failed.command, username: device.id }, failed.error!);
  }

  async move(device: DeviceAccess): Promise<void> {
    await this.ensureGroup(device.areaId, device.chain);
    const [r] = await this.dynsec.send([{ command: 'modifyClient', username: device.id, groups: [{ groupname: dynsecNames.areaGroup(device.areaId), priority: ALLOW }] }]);
    // A device with no account yet (added before MQTT_DYNSEC) gets one when its secret is reset.
    if (r.error === 'Client not found') return;
    if (r.error) throw new DynsecCommandError({ command: 'modifyClient', username: device.id }, r.error);
  }

  async remove(deviceId: string): Promise<void> {
    // "not found" answers are fine: the account may never have existed.
    await this.dynsec.send([{ command: 'deleteClient', username: deviceId }, { command: 'deleteRole', rolename: dynsecNames.deviceRole(deviceId) }]);
  }

  async areasChanged(chainOf: (areaId: string) => string[]): Promise<void> {
    for (const [areaId, key] of [...this.groups]) {
      const chain = chainOf(areaId);
      if (chain.length === 0 || chain.join('/') === key) continue;
      try {
        await this.ensureGroup(areaId, chain);
      } catch (error) {
        // The cached chain stays the old one: the next area reload (each minute) tries again.
        this.log.error({ err: error, areaId }, 'mosquitto: could not update the rights of an area\'s devices');
      }
    }
  }

  async sync(devices: DeviceAccess[], existingIds: () => Promise<Set<string>>): Promise<SyncSummary> {
    const started = Date.now();
    // The listings first, the database after: a role listed here belongs to a device row that the
    // later read sees (devices are stored before their account is made), unless it was deleted.
    const [rolesR, groupsR, clientsR] = await this.dynsec.run([
      { command: 'listRoles', verbose: true, count: -1, offset: 0 },
      { command: 'listGroups', verbose: true, count: -1, offset: 0 },
      { command: 'listClients', verbose: true, count: -1, offset: 0 },
    ]);
    const roles = new Map(((rolesR.data as { roles?: ListedRole[] })?.roles ?? []).map((r) => [r.rolename, r]));
    const groups = new Map(((groupsR.data as { groups?: ListedGroup[] })?.groups ?? []).map((g) => [g.groupname, g]));
    const clients = new Map(((clientsR.data as { clients?: ListedClient[] })?.clients ?? []).map((c) => [c.username, c]));

    const roleCommands: DynsecCommand[] = [];
    const putRole = (rolename: string, acls: Acl[]) => {
      const listed = roles.get(rolename);
      if (!listed) roleCommands.push({ command: 'createRole', rolename, acls });
      else if (aclKey(listed.acls ?? []) !== aclKey(acls)) roleCommands.push({ command: 'modifyRole', rolename, acls });
    };
    putRole(dynsecNames.denyRole, denyRoleAcls);

    // Devices without an account (added before MQTT_DYNSEC) need nothing until their secret is reset.
    const withAccount = devices.filter((d) => clients.has(d.id));
    const chains = new Map<string, string[]>();
    for (const d of withAccount) if (d.chain.length > 0) chains.set(d.areaId, d.chain);
    const areaIds = new Set([...chains.values()].flat());
    for (const a of areaIds) putRole(dynsecNames.areaRole(a), areaRoleAcls(a));
    for (const d of withAccount) putRole(dynsecNames.deviceRole(d.id), deviceRoleAcls(d.id));

    const groupCommands: DynsecCommand[] = [];
    for (const [areaId, chain] of chains) {
      const groupname = dynsecNames.areaGroup(areaId);
      const wanted = this.groupRoles(chain);
      const listed = groups.get(groupname);
      if (!listed) groupCommands.push({ command: 'createGroup', groupname, roles: wanted });
      else if (rolesKey(listed.roles ?? []) !== rolesKey(wanted)) groupCommands.push({ command: 'modifyGroup', groupname, roles: wanted });
    }

    const clientCommands: DynsecCommand[] = [];
    const withoutAccount = devices.length - withAccount.length;
    for (const d of withAccount) {
      const client = clients.get(d.id)!;
      const groupname = dynsecNames.areaGroup(d.areaId);
      const groupNames = (client.groups ?? []).map((g) => g.groupname);
      if (d.chain.length > 0 && (groupNames.length !== 1 || groupNames[0] !== groupname)) {
        clientCommands.push({ command: 'modifyClient', username: d.id, groups: [{ groupname, priority: ALLOW }] });
      }
      if (!(client.roles ?? []).some((r) => r.rolename === dynsecNames.deviceRole(d.id))) {
        clientCommands.push({ command: 'addClientRole', username: d.id, rolename: dynsecNames.deviceRole(d.id), priority: ALLOW });
      }
    }

    // Accounts of devices that are gone (deleted while the broker was unreachable, or a failed add).
    const known = new Set(devices.map((d) => d.id));
    const prefix = dynsecNames.deviceRole('');
    const candidates = [...roles.keys()].filter((r) => r.startsWith(prefix) && r !== dynsecNames.denyRole).map((r) => r.slice(prefix.length)).filter((id) => !known.has(id));
    const orphanCommands: DynsecCommand[] = [];
    if (candidates.length > 0) {
      const existing = await existingIds();
      for (const id of candidates.filter((c) => !existing.has(c))) {
        if (clients.has(id)) orphanCommands.push({ command: 'deleteClient', username: id });
        orphanCommands.push({ command: 'deleteRole', rolename: dynsecNames.deviceRole(id) });
      }
    }

    await this.dynsec.run(roleCommands);
    await this.dynsec.run(groupCommands);
    await this.dynsec.run(clientCommands);
    await this.dynsec.send(orphanCommands);
    this.denyRoleMade = true;
    for (const a of areaIds) this.areaRoles.add(a);
    for (const [areaId, chain] of chains) this.groups.set(areaId, chain.join('/'));
    const summary = {
      changes: roleCommands.length + groupCommands.length + clientCommands.length,
      removed: orphanCommands.filter((c) => c.command === 'deleteRole').length,
      withoutAccount,
    };
    this.log.info({ devices: devices.length, ...summary, ms: Date.now() - started }, 'mosquitto: device accounts in sync');
    if (withoutAccount > 0) {
      this.log.warn({ count: withoutAccount }, 'mosquitto: devices without a broker account (added before MQTT_DYNSEC): reset their secret to let them connect');
    }
    return summary;
  }
}
