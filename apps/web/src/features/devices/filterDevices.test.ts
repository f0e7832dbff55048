import { describe, expect, it } from 'vitest';
import { AREAS, makeSpeaker } from '../../test/deviceFixtures';
import { subtreeIds } from '../areas/buildAreaTree';
import { filterDevices, sortDevices, type DeviceFilter } from './filterDevices';

const playing = { sessionId: 's-1', itemIndex: 0, position: 3, title: 'Bản tin sáng' };
const devices = [
  makeSpeaker({ _id: 'a', tenthietbi: 'Loa Đông', diaban: { _id: 'thon-1', tendiaban: 'Thôn Đông' } }, { lancuoi: 300 }),
  makeSpeaker({ _id: 'b', tenthietbi: 'Loa bến đò', serial: 'IMEI-777' }, { online: false, lancuoi: 100 }),
  makeSpeaker({ _id: 'c', tenthietbi: 'Ấp Chợ', diaban: { _id: 'xa-2', tendiaban: 'Xã Hải An' } }, { dangphat: playing, lancuoi: null }),
];
const all: DeviceFilter = { query: '', areaIds: null, status: 'all' };
const ids = (list: { _id: string }[]) => list.map((d) => d._id);

describe('filterDevices', () => {
  it('finds a device by name ignoring case and Vietnamese accents', () => {
    expect(ids(filterDevices(devices, { ...all, query: 'loa dong' }))).toEqual(['a']);
    expect(ids(filterDevices(devices, { ...all, query: 'BEN DO' }))).toEqual(['b']);
  });

  it('finds a device by serial, area name or IP', () => {
    expect(ids(filterDevices(devices, { ...all, query: 'imei-777' }))).toEqual(['b']);
    expect(ids(filterDevices(devices, { ...all, query: 'hai an' }))).toEqual(['c']);
    expect(ids(filterDevices(devices, { ...all, query: '10.0.0.5' }))).toEqual(['a', 'b', 'c']);
  });

  it('keeps an area and the areas below it', () => {
    expect(ids(filterDevices(devices, { ...all, areaIds: subtreeIds(AREAS, 'xa-1') }))).toEqual(['a', 'b']);
    expect(ids(filterDevices(devices, { ...all, areaIds: subtreeIds(AREAS, 'xa-2') }))).toEqual(['c']);
  });

  it('counts playing devices as online, like the server filter', () => {
    expect(ids(filterDevices(devices, { ...all, status: 'online' }))).toEqual(['a', 'c']);
    expect(ids(filterDevices(devices, { ...all, status: 'playing' }))).toEqual(['c']);
    expect(ids(filterDevices(devices, { ...all, status: 'offline' }))).toEqual(['b']);
  });
});

describe('sortDevices', () => {
  it('sorts names in Vietnamese dictionary order, both ways', () => {
    expect(ids(sortDevices(devices, { key: 'tenthietbi', order: 'asc' }))).toEqual(['c', 'b', 'a']);
    expect(ids(sortDevices(devices, { key: 'tenthietbi', order: 'desc' }))).toEqual(['a', 'b', 'c']);
  });

  it('sorts by area name', () => {
    expect(ids(sortDevices(devices, { key: 'diaban', order: 'asc' }))).toEqual(['a', 'c', 'b']);
  });

  it('sorts by last seen with never-seen devices last in either order', () => {
    expect(ids(sortDevices(devices, { key: 'lancuoi', order: 'desc' }))).toEqual(['a', 'b', 'c']);
    expect(ids(sortDevices(devices, { key: 'lancuoi', order: 'asc' }))).toEqual(['b', 'a', 'c']);
  });

  it('leaves its input untouched', () => {
    sortDevices(devices, { key: 'tenthietbi', order: 'asc' });
    expect(ids(devices)).toEqual(['a', 'b', 'c']);
  });
});
