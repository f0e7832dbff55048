import type { Outbound } from '../../../infra/outbound';
import type { TtsEngine } from './engine';
import { createEspeakEngine, type EspeakOptions } from './espeak';
import { createFptEngine } from './fpt';
import { createViettelEngine } from './viettel';

/** The engine settings of the server configuration (cloud ones are on when their key is set). */
export interface EngineSettings {
  FPT_TTS_URL: string;
  FPT_TTS_API_KEY?: string;
  VIETTEL_TTS_URL: string;
  VIETTEL_TTS_TOKEN?: string;
}

/** The engines a server offers, by id, in the order the console lists them. */
export class EngineRegistry {
  private readonly engines = new Map<string, TtsEngine>();

  constructor(engines: TtsEngine[]) {
    for (const engine of engines) this.engines.set(engine.id, engine);
  }

  get(id: string): TtsEngine | undefined {
    return this.engines.get(id);
  }

  list(): TtsEngine[] {
    return [...this.engines.values()];
  }

  async close(): Promise<void> {
    await Promise.all(this.list().map((engine) => engine.close?.()));
  }
}

/** The offline engine always; FPT.AI and Viettel AI when their keys are configured. */
export function createEngines(settings: EngineSettings, outbound: Outbound, espeak: EspeakOptions = {}): EngineRegistry {
  const engines: TtsEngine[] = [createEspeakEngine(espeak)];
  if (settings.FPT_TTS_API_KEY) engines.push(createFptEngine({ url: settings.FPT_TTS_URL, apiKey: settings.FPT_TTS_API_KEY, outbound }));
  if (settings.VIETTEL_TTS_TOKEN) engines.push(createViettelEngine({ url: settings.VIETTEL_TTS_URL, token: settings.VIETTEL_TTS_TOKEN, outbound }));
  return new EngineRegistry(engines);
}
