import { describe, expect, it } from 'vitest';
import { makeSpeaker } from '../../test/deviceFixtures';
import { STATUS_COLORS } from '../devices/deviceStatus';
import { markerColor, markerHtml } from './markerIcon';

const playing = { sessionId: 's', itemIndex: 0, position: 0, title: null };

describe('markerColor', () => {
  it('is green online, blue playing and grey offline', () => {
    expect(markerColor(makeSpeaker({}, { online: true }))).toBe(STATUS_COLORS.online);
    expect(markerColor(makeSpeaker({}, { online: true, dangphat: playing }))).toBe(STATUS_COLORS.playing);
    expect(markerColor(makeSpeaker({}, { online: false, dangphat: playing }))).toBe(STATUS_COLORS.offline);
    expect(new Set(Object.values(STATUS_COLORS)).size).toBe(3);
  });
});

describe('markerHtml', () => {
  it('carries the test id, device id and status for end-to-end tests', () => {
    const holder = document.createElement('div');
    holder.innerHTML = markerHtml(makeSpeaker({ _id: 'd-"9' }, { online: true, dangphat: playing }));
    const marker = holder.querySelector('[data-testid="device-marker"]') as HTMLElement;
    expect(marker.dataset.deviceId).toBe('d-"9');
    expect(marker.dataset.status).toBe('playing');
    expect(marker.getAttribute('style')).toContain(`background:${STATUS_COLORS.playing}`);
  });
});
