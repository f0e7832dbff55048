import { TTS_FIRST_CALL_TIMEOUT_MS, type Area, type LiveBroadcast } from '@loa/contract';
import { api } from '../../lib/apiClient';

/** A text-to-speech engine offered by the server. */
export interface TtsEngine {
  id: string;
  label: string;
}

/** The answer of a text-to-speech conversion. */
export interface TtsResult {
  url: string;
  urldownload: string;
  /** Seconds. */
  thoiluong: number;
  noidunggiongnoi: string;
}

/** POST lichphat/danhsachdiaban: the areas a broadcast may target. */
export function fetchBroadcastAreas(): Promise<Area[]> {
  return api.post<Area[]>(BROADCAST_AREAS_PATH);
}

/** GET thietbi/laythietbi: the devices of one area (Device[]); the route without a query names them all. */
export const AREA_DEVICES_PATH = '/v1/client/thietbi/laythietbi';
export const areaDevicesPath = (areaId: string): string => `${AREA_DEVICES_PATH}?diaban=${encodeURIComponent(areaId)}`;

/** POST lichphat/danhsachdiaban: a read, keyed by its route. */
export const BROADCAST_AREAS_PATH = '/v1/client/lichphat/danhsachdiaban';

/** GET lichphat/danhsachkenhsohoa: relay channels (Channel[], may answer null). */
export const CHANNELS_PATH = '/v1/client/lichphat/danhsachkenhsohoa';

/** GET tts: the engines (TtsEngine[], may answer null). */
export const TTS_ENGINES_PATH = '/v1/client/tts';

// The first conversion of a page load may wait for a cold engine: 120 s instead of 60 s (spec §7).
let ttsCalled = false;

/** POST tts/{engine}: converts text with a voice. */
export function convertTextToSpeech(engine: string, input: string, speakerId: string): Promise<TtsResult> {
  const timeoutMs = ttsCalled ? undefined : TTS_FIRST_CALL_TIMEOUT_MS;
  ttsCalled = true;
  return api.post<TtsResult>(`/v1/client/tts/${encodeURIComponent(engine)}`, { input, speaker_id: speakerId, fimename: String(Date.now()) }, { timeoutMs });
}

/** POST phatngay/phatngay: the multipart broadcast (files, nguonphat, thongtin) with upload percent. */
export function postImmediateBroadcast(body: FormData, onUploadProgress: (percent: number) => void): Promise<unknown> {
  return api.request('POST', '/v1/client/phatngay/phatngay', { body, onUploadProgress });
}

/** GET phatngay/userdangphat: the user's own running immediate broadcasts. */
export const MY_RUNNING_PATH = '/v1/client/phatngay/userdangphat';
export async function fetchMyRunningBroadcasts(): Promise<LiveBroadcast[]> {
  return (await api.get<LiveBroadcast[] | null>(MY_RUNNING_PATH)) ?? [];
}

/** GET lichphat/lichphatdangphat: every running broadcast in the user's scope (may answer null). */
export const LIVE_BROADCASTS_PATH = '/v1/client/lichphat/lichphatdangphat';
export async function fetchLiveBroadcasts(): Promise<LiveBroadcast[]> {
  return (await api.get<LiveBroadcast[] | null>(LIVE_BROADCASTS_PATH)) ?? [];
}

/** POST phatngay/dungphatngay: stops the user's own immediate broadcasts (the spec's GET needs the CSRF token too). */
export function stopMyBroadcasts(): Promise<unknown> {
  return api.post('/v1/client/phatngay/dungphatngay', {});
}

/** POST lichphat/dungkhancap: stops one running broadcast. */
export function stopBroadcast(id: string): Promise<unknown> {
  return api.post('/v1/client/lichphat/dungkhancap', { id });
}

/** The audio/mpeg stream of what a running broadcast plays. */
export const listenUrl = (idlichphat: string): string => `/v1/client/phatngay/nghe/${encodeURIComponent(idlichphat)}`;
