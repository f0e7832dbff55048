import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { topics } from '@loa/contract';
import { CLOCK_SHARE_GROUP } from './broker';
import { dynsecMosquittoAvailable, grant, startDynsecMosquitto, type DynsecMosquitto } from '../../test/mosquitto';
import {
  DynsecClient, DynsecCommandError, DynsecUnavailableError, MosquittoDeviceAccounts, dynsecNames, ensureServerAccess,
} from './mosquittoDynsec';

const eventuallyTrue = async (check: () => boolean, ms = 3000) => {
  for (const until = Date.now() + ms; !check(); await new Promise((r) => setTimeout(r, 20))) if (Date.now() > until) throw new Error('condition not met');
};

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

// A private Mosquitto with the dynamic-security plugin; where there is none, reported as skipped.
describe.runIf(dynsecMosquittoAvailable)('Mosquitto dynamic security (a real broker)', () => {
  let broker: DynsecMosquitto;
  let admin: MqttClient;
  let dynsec: DynsecClient;
  let accounts: MosquittoDeviceAccounts;
  const clients: MqttClient[] = [];
  const connect = async (username: string, password: string, clientId = username) => {
    const c = await mqtt.connectAsync(broker.url, { username, password, clientId, reconnectPeriod: 0, protocolVersion: 4 });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    broker = await startDynsecMosquitto();
    admin = await mqtt.connectAsync(broker.adminUrl, { reconnectPeriod: 500, protocolVersion: 4 });
    dynsec = new DynsecClient(admin, 3000);
    await dynsec.start();
    accounts = new MosquittoDeviceAccounts(dynsec, silent);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    await admin?.endAsync(true);
    await broker?.stop();
  });

  it('matches answers to commands, and reports the plugin\'s refusals', async () => {
    const role = `t-${crypto.randomUUID()}`;
    const responses = await dynsec.send([
      { command: 'createRole', rolename: role }, { command: 'createRole', rolename: role }, { command: 'getRole', rolename: role },
    ]);
    expect(responses.map((r) => r.error ?? 'ok')).toEqual(['ok', 'Role already exists', 'ok']);
    expect(responses[2].data).toMatchObject({ role: { rolename: role } });
    await expect(dynsec.run([{ command: 'deleteRole', rolename: role }, { command: 'noSuchCommand' }])).rejects.toBeInstanceOf(DynsecCommandError);
    // More than one message's worth of commands, answered in order.
    const many = await dynsec.send(Array.from({ length: 150 }, () => ({ command: 'getDefaultACLAccess' })));
    expect(many).toHaveLength(150);
    expect(many.every((r) => r.command === 'getDefaultACLAccess' && !r.error)).toBe(true);
  });

  /** A server's connection with its account given the server role, as a server does at start. */
  const serverWithAccess = async () => {
    const server = await mqtt.connectAsync(broker.adminUrl, { reconnectPeriod: 300, protocolVersion: 4, clientId: `srv-${crypto.randomUUID()}` });
    clients.push(server);
    const own = new DynsecClient(server, 3000);
    await own.start();
    await ensureServerAccess(server, own, 'loa-admin', silent);
    return { server, own };
  };

  it('gives the server account its role on the device topics', async () => {
    const { server, own } = await serverWithAccess();
    const [got] = await own.run([{ command: 'getClient', username: 'loa-admin' }]);
    expect(JSON.stringify(got.data)).toContain(dynsecNames.serverRole);
    // Twice is harmless (no change, no disconnection).
    await ensureServerAccess(server, own, 'loa-admin', silent);
    expect(server.connected).toBe(true);
  });

  it('a provisioned device has exactly its own topics and its area chain\'s', async () => {
    const [root, area, other] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const id = crypto.randomUUID();
    await accounts.provision({ id, areaId: area, chain: [root, area] }, 'secret-1');
    await expect(connect(id, 'wrong')).rejects.toThrow();
    await expect(connect(id, 'secret-1', 'not-the-device-id')).rejects.toThrow();
    const device = await connect(id, 'secret-1');
    expect(await grant(device, topics.deviceCmd(id))).toBe(1);
    expect(await grant(device, topics.config(id))).toBe(1);
    expect(await grant(device, topics.areaCmd(area))).toBe(1);
    expect(await grant(device, topics.areaCmd(root))).toBe(1);
    for (const refused of [topics.areaCmd(other), topics.deviceCmd('someone-else'), 'pa/v1/#', '#', '$SYS/#', '$CONTROL/dynamic-security/v1/response']) {
      expect(await grant(device, refused), refused).toBe(128);
    }
  });

  it('lets the servers share the clock requests (a shared subscription), and a device cannot', async () => {
    const { server } = await serverWithAccess();
    const shared = `$share/${CLOCK_SHARE_GROUP}/${topics.allClock}`;
    expect(await grant(server, shared)).toBe(1);
    const heard: string[] = [];
    server.on('message', (topic) => heard.push(topic));
    const id = crypto.randomUUID();
    const area = crypto.randomUUID();
    await accounts.provision({ id, areaId: area, chain: [area] }, 'secret-clock');
    const device = await connect(id, 'secret-clock');
    expect(await grant(device, shared)).toBe(128);
    await device.publishAsync(topics.clock(id), JSON.stringify({ n: 1, t1: Date.now() }), { qos: 0 });
    await eventuallyTrue(() => heard.includes(topics.clock(id)));
  });

  it('sync at start changes nothing that is right, mends what is wrong, and removes accounts of deleted devices', async () => {
    const area = crypto.randomUUID();
    const [kept, gone, noAccount] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await accounts.provision({ id: kept, areaId: area, chain: [area] }, 'k');
    await accounts.provision({ id: gone, areaId: area, chain: [area] }, 'g');
    const fresh = new MosquittoDeviceAccounts(dynsec, silent);
    const devicesNow = [{ id: kept, areaId: area, chain: [area] }, { id: noAccount, areaId: area, chain: [area] }];
    // Everything else on this broker (other tests' devices) counts as existing.
    const everyone = async () => new Set([kept, noAccount, ...(await listDeviceRoleIds()).filter((x) => x !== gone)]);
    const listDeviceRoleIds = async () => {
      const [r] = await dynsec.run([{ command: 'listRoles', count: -1, offset: 0 }]);
      return ((r.data as { roles: string[] }).roles).filter((n) => n.startsWith('loa-device-')).map((n) => n.slice('loa-device-'.length));
    };
    expect(await fresh.sync(devicesNow, everyone)).toEqual({ changes: 0, removed: 1, withoutAccount: 1 });
    await expect(connect(gone, 'g')).rejects.toThrow();

    // Someone removed an ACL by hand: the next start puts it back; passwords stay as they were.
    await dynsec.run([{ command: 'removeRoleACL', rolename: dynsecNames.deviceRole(kept), acltype: 'subscribeLiteral', topic: topics.deviceCmd(kept) }]);
    expect(await fresh.sync(devicesNow, everyone)).toMatchObject({ changes: 1, removed: 0 });
    const device = await connect(kept, 'k');
    expect(await grant(device, topics.deviceCmd(kept))).toBe(1);
    expect(await fresh.sync(devicesNow, everyone)).toMatchObject({ changes: 0, removed: 0 });
  });

  it('refuses at once when the broker connection is down', async () => {
    const lost = await mqtt.connectAsync(broker.adminUrl, { reconnectPeriod: 0, protocolVersion: 4 });
    const client = new DynsecClient(lost, 3000);
    await client.start();
    await lost.endAsync(true);
    await expect(client.send([{ command: 'getDefaultACLAccess' }])).rejects.toBeInstanceOf(DynsecUnavailableError);
  });
});
