import type { DeviceCommand, DeviceConfig, DeviceEvent, DeviceState } from '@loa/contract';
import type { LocalClock } from './clockSync';
import type { HealthOptions } from './health';
import type { Logger } from './logger';
import type { Player } from './player';
import type { PlayCommand } from './session';
import type { UpdaterSettings } from './updater';
import { AGENT_VERSION } from './version';

export const DEFAULT_FIRMWARE = `loa-speaker/${AGENT_VERSION}`;

export interface SpeakerAgentOptions {
  /** mqtt://, mqtts://, ws:// or wss:// */
  mqttUrl: string;
  deviceId: string;
  secret: string;
  firmware?: string;
  /** Defaults to `choosePlayer({ fetchAudio, outputDir })`. */
  player?: Player;
  /** The silent player opens each audio URL over HTTP(S) (default true). */
  fetchAudio?: boolean;
  /**
   * Writes what it plays to WAV files in this folder (one per item, `<sessionId>-<item>.wav`) through
   * mpg123 instead of the sound device; needs mpg123, and no `player` of its own.
   */
  outputDir?: string;
  logger?: Logger;
  /** Base for item URLs that are not absolute (e.g. "/media/x.mp3"). */
  audioBaseUrl?: string;
  /** Volume until the configuration says otherwise (default 70). */
  volume?: number;
  /** First reconnect delay, doubled up to 30 s (default 1000 ms). */
  reconnectBaseMs?: number;
  connectTimeoutMs?: number;
  /** The device's own clock (default: the system's, advanced monotonically); tests give a wrong one. */
  clock?: LocalClock;
  /** Folder of the file cache for the plan's files (issue #30); without it files stream at play time. */
  cacheDir?: string;
  /** Most bytes the file cache holds (default 512 MB). */
  cacheBytes?: number;
  /** Reads the box's health (CPU temperature, disk, memory, modem) and reports it with its state (issue #31); the packaged agent does. */
  health?: HealthOptions;
  /** Simulation only (tests, benchmarks): one-way delay added to every message, ms. */
  simulatedLatency?: () => number;
  /**
   * Remote updates (issue #31, updater.ts): where packages are kept, the signing key, the installer
   * and how the agent restarts. Without it `update` commands are acknowledged and ignored.
   * Packages are downloaded from `audioBaseUrl` (the server).
   */
  updates?: UpdaterSettings;
}

/** Why a command was not acted on. */
export type DropReason = 'malformed' | 'duplicate' | 'expired';

export interface SpeakerAgentEvents {
  connected: [];
  disconnected: [];
  /** A connection attempt failed before the broker accepted it. */
  attemptFailed: [error: Error | null];
  reconnecting: [delayMs: number];
  /** The broker refused the id or secret. */
  refused: [error: Error];
  config: [config: DeviceConfig];
  command: [command: DeviceCommand];
  dropped: [reason: DropReason, detail: string];
  /** A play ignored: outranked by what plays (a higher priority, or the same one without takeover), or the very run it already plays. */
  ignored: [command: PlayCommand];
  /** Every event published (ack, started, finished, error). */
  event: [event: DeviceEvent];
  state: [state: DeviceState];
  /** A session played to its end. */
  played: [sessionId: string];
  /** A clock answer was taken or ignored (docs/device-protocol.md "Clock"). */
  clockAnswer: [verdict: 'accepted' | 'malformed' | 'unknown' | 'absurd'];
}

/** The agent's own `emit`, handed to the parts that report on its behalf. */
export type EmitAgentEvent = <K extends keyof SpeakerAgentEvents>(event: K, ...args: SpeakerAgentEvents[K]) => boolean;

/** A message's payload as JSON, or undefined when it is not JSON. */
export function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
