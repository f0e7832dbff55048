/**
 * One child of FleetProcesses (bench/lib/fleetProcesses.ts): runs the lean speakers it is given and
 * reports, every 20 ms when something changed, its connected and playing counts and the first
 * arrivals its tracker recorded. Exits when told to stop or when the coordinator goes away.
 */
import { LeanFleet } from './leanFleet';
import { monotonicMs, type FromFleetProcess, type ToFleetProcess } from './fleetProcesses';
import { PlayTracker, type Arrival } from './playTracker';

const REPORT_EVERY_MS = 20;

let fleet: LeanFleet | null = null;
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
  fleet?.kill();
  // Let the sockets close before the process ends.
  setTimeout(() => process.exit(0), 200);
}

process.on('message', (message: ToFleetProcess) => {
  if (message.type === 'start' && !fleet) {
    fleet = new LeanFleet(message.mqttUrl, message.devices, message.options);
    new PlayTracker(fleet.agents, monotonicMs, (arrival) => void pending.push(arrival));
    setInterval(report, REPORT_EVERY_MS);
    void fleet.start(message.concurrency);
  } else if (message.type === 'stop') {
    stop();
  }
});
process.on('disconnect', stop);
