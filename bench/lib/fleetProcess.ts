/**
 * One child of FleetProcesses (bench/lib/fleetProcesses.ts): runs the lean speakers it is given and
 * reports, every 20 ms when something changed, its connected and playing counts and the first
 * arrivals its tracker recorded. Exits when told to stop or when the coordinator goes away.
 */
import { LeanFleet } from './leanFleet';
import { monotonicMs, monotonicShift, type FromFleetProcess, type ToFleetProcess } from './fleetProcesses';
import { PlayTracker, type Arrival } from './playTracker';
import { localEars, shiftFetch, type SoundEars } from './soundFleet';

const REPORT_EVERY_MS = 20;

let fleet: LeanFleet | null = null;
let ears: SoundEars | null = null;
let secrets = new Map<string, string>();
let pending: Arrival[] = [];
let last = { connected: -1, playing: -1 };

function report(): void {
  if (!fleet || !process.connected) return;
  const counts = { connected: fleet.connectedCount(), playing: fleet.playingCount() };
  if (pending.length === 0 && counts.connected === last.connected && counts.playing === last.playing) return;
  const message: FromFleetProcess = { type: 'status', ...counts, arrivals: pending };
  pending = [];
  last = counts;
  process.send!(message);
}

function stop(): void {
  void ears?.close();
  fleet?.kill();
  // Let the sockets close before the process ends.
  setTimeout(() => process.exit(0), 200);
}

process.on('message', (message: ToFleetProcess) => {
  if (message.type === 'start' && !fleet) {
    fleet = new LeanFleet(message.mqttUrl, message.devices, message.options);
    secrets = new Map(message.devices.map((d) => [d.id, d.secret]));
    new PlayTracker(fleet.agents, monotonicMs, (arrival) => void pending.push(arrival));
    setInterval(report, REPORT_EVERY_MS);
    void fleet.start(message.concurrency);
  } else if (message.type === 'stop') {
    stop();
  } else if (message.type === 'ears' && fleet && !ears) {
    ears = localEars(message.serverUrls, secrets, fleet.agents);
  } else if (message.type === 'arm') {
    ears?.arm(message.armed);
  } else if (message.type === 'fetch-all') {
    ears?.fetchAll(message.sessionId, message.url);
  } else if (message.type === 'collect') {
    // Times on the machine's monotonic clock: the coordinator moves them onto its own.
    const shift = monotonicShift();
    void (ears ? ears.collect(message.sessionId, message.timeoutMs) : Promise.resolve([])).then((fetches) => {
      const answer: FromFleetProcess = { type: 'collected', request: message.request, fetches: fetches.map((f) => shiftFetch(f, shift)) };
      process.send!(answer);
    });
  } else if (message.type === 'close-ears') {
    void ears?.close();
    ears = null;
  }
});
process.on('disconnect', stop);
