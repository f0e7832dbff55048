import { describe, expect, it } from 'vitest';
import { playReasonText, readableMediaName } from './playReasons';
import { areaUnitLabel } from './schemas/areas';

describe('play reasons in Vietnamese', () => {
  it("turns every code the agent reports when an item ends into Vietnamese", () => {
    expect(playReasonText('finished', 'preempted')).toBe('Bị ngắt bởi bản tin ưu tiên cao hơn (phát tiếp khi bản tin đó kết thúc)');
    expect(playReasonText('finished', 'takenOver')).toBe('Bị ngắt: cán bộ khác phát đè bản tin cùng mức ưu tiên');
    expect(playReasonText('finished', 'stopped')).toBe('Dừng theo lệnh từ máy chủ');
    expect(playReasonText('finished', 'shutdown')).toBe('Phần mềm loa dừng hoặc loa tắt');
    expect(playReasonText('finished', 'reboot')).toBe('Loa khởi động lại');
    expect(playReasonText('finished', null)).toBe('Phát hết');
    expect(playReasonText('started', null)).toBeNull();
  });

  it("says what the agent's errors mean", () => {
    expect(playReasonText('error', 'HTTP 404 for http://loa/media/audio/x.mp3')).toBe('Không tải được âm thanh (máy chủ trả lỗi 404)');
    expect(playReasonText('error', 'cannot fetch http://127.0.0.1:9/x: ECONNREFUSED')).toBe('Không tải được âm thanh (ECONNREFUSED)');
    expect(playReasonText('error', 'ffplay exited with code 1')).toBe('Trình phát của loa bị lỗi (mã 1)');
    expect(playReasonText('error', 'Invalid URL')).toBe('Địa chỉ âm thanh không hợp lệ');
    expect(playReasonText('error', 'disk full')).toBe('Lỗi phát: disk full');
  });
});

describe('readable file names', () => {
  it('drops the unique prefix and the escapes of a stored name', () => {
    expect(readableMediaName('/media/audio/1763700000000-0123456789abcdef-ban-tin-l%C5%A9.mp3')).toBe('ban-tin-lũ.mp3');
    expect(readableMediaName('audio/1763700000000-0123456789abcdef-a1b2c3d4e5f6-loi-keu-goi.mp3')).toBe('loi-keu-goi.mp3');
    expect(readableMediaName('https://vov.vn/live/vov1')).toBe('vov1');
  });
});

describe('area units', () => {
  it('calls a town a town, not a commune', () => {
    expect(areaUnitLabel({ tendiaban: 'Thị trấn Diên Sanh', cap: 'xa' })).toBe('Thị trấn');
    expect(areaUnitLabel({ tendiaban: 'Xã Hải Ba', cap: 'xa' })).toBe('Xã');
    expect(areaUnitLabel({ tendiaban: 'Phường 1', cap: 'xa' })).toBe('Phường');
    expect(areaUnitLabel({ tendiaban: 'Thị xã Quảng Trị', cap: 'huyen' })).toBe('Thị xã');
    expect(areaUnitLabel({ tendiaban: 'Hải Lăng', cap: 'huyen' })).toBe('Huyện');
  });
});
