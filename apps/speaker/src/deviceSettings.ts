import { deviceConfigSchema, type DeviceConfig } from '@loa/contract';
import type { DropReason } from './agentTypes';
import type { DeviceLink } from './deviceLink';
import type { Player } from './player';

const DEFAULT_REPORT_INTERVAL_S = 20;
/** Volume until the configuration says otherwise. */
const DEFAULT_VOLUME = 70;

export interface DeviceSettingsDeps {
  link: DeviceLink;
  /** The player, once chosen (the agent chooses it when it starts). */
  player: () => Player | null;
  drop: (reason: DropReason, detail: string) => void;
  /** A configuration taken (before its volume is applied). */
  onConfig: (config: DeviceConfig) => void;
  /** The volume changed: the state says so at once. */
  onVolume: () => void;
}

/**
 * What the server's retained configuration sets on the speaker: the areas whose commands it follows,
 * how often it reports, the link's keepalive, and its volume (which a command may also set).
 */
export class DeviceSettings {
  /** Area ids whose command topics the agent follows. */
  areas: string[] = [];
  volume: number;
  reportIntervalMs = DEFAULT_REPORT_INTERVAL_S * 1000;

  constructor(private readonly deps: DeviceSettingsDeps, volume = DEFAULT_VOLUME) {
    this.volume = volume;
  }

  /** Takes a configuration message (JSON); a malformed one is dropped and changes nothing. */
  apply(json: unknown): void {
    const { deps } = this;
    const parsed = deviceConfigSchema.safeParse(json);
    if (!parsed.success) {
      deps.drop('malformed', `config: ${parsed.error.message}`);
      return;
    }
    const config = parsed.data;
    this.areas = [...config.areas];
    deps.link.setAreas(this.areas);
    this.reportIntervalMs = config.reportInterval * 1000;
    deps.link.keepalive = config.keepalive;
    deps.onConfig(config);
    this.setVolume(config.volume);
  }

  /** Sets the volume; returns whether it changed (and was reported). */
  setVolume(volume: number): boolean {
    if (volume === this.volume) return false;
    this.volume = volume;
    this.deps.player()?.setVolume(volume);
    this.deps.onVolume();
    return true;
  }
}
