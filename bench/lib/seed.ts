import type { AreaCreateBody, DeviceCreateBody } from '@loa/contract';
import type { ConsoleClient } from './consoleClient';
import { inPool } from './pool';

export interface RegisteredDevice {
  id: string;
  secret: string;
}

/** Creates one district and `communes` communes under it through the API; answers the commune ids. */
export async function createAreas(client: ConsoleClient, communes: number): Promise<string[]> {
  return (await createDistrict(client, communes)).communeIds;
}

/** Like createAreas, and answers the district's id too (to address it as a whole). */
export async function createDistrict(client: ConsoleClient, communes: number): Promise<{ districtId: string; communeIds: string[] }> {
  const district: AreaCreateBody = { tendiaban: 'Huyện Thử Tải', cap: 'huyen', idcha: null };
  const { _id: districtId } = await client.post<{ _id: string }>('/v1/client/diaban/themmoi', district);
  const communeIds: string[] = [];
  for (let i = 1; i <= communes; i += 1) {
    const commune: AreaCreateBody = { tendiaban: `Xã Thử Tải ${i}`, cap: 'xa', idcha: districtId };
    communeIds.push((await client.post<{ _id: string }>('/v1/client/diaban/themmoi', commune))._id);
  }
  return { districtId, communeIds };
}

/**
 * Adds `count` devices spread round-robin over `areaIds`, `concurrency` requests at a time, as the
 * console's add form does; answers each device's id and its secret (shown only once). Given a
 * console on each of several servers, the requests go to them in turn.
 */
export async function registerDevices(
  client: ConsoleClient | readonly ConsoleClient[],
  count: number,
  areaIds: readonly string[],
  concurrency: number,
  onProgress?: (done: number) => void,
): Promise<RegisteredDevice[]> {
  let done = 0;
  const clients = ([] as ConsoleClient[]).concat(client);
  const indexes = Array.from({ length: count }, (_, i) => i);
  return inPool(indexes, concurrency, async (i) => {
    const body: DeviceCreateBody = {
      tenthietbi: `Cụm loa ${String(i + 1).padStart(5, '0')}`,
      diaban: areaIds[i % areaIds.length],
      serial: `BENCH-${String(i + 1).padStart(6, '0')}`,
      // Around Hà Nội, so a map of the fleet looks plausible.
      vido: 21 + (i % 100) / 200,
      kinhdo: 105.5 + Math.floor(i / 100) / 200,
      ghichu: '',
    };
    const answer = await clients[i % clients.length].post<{ thietbi: { _id: string }; secret: string }>('/v1/client/thietbi/themmoi', body);
    done += 1;
    onProgress?.(done);
    return { id: answer.thietbi._id, secret: answer.secret };
  });
}
