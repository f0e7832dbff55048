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
    // The player's own words (mpg123 opening a relay), in Vietnamese; never shown raw (issue #32 item 10).
    expect(playReasonText('error', '[src/streamdump.c:stream_parse_headers():404] error: no data at all from network resource')).toBe('Không tải được nguồn tiếp sóng (máy chủ nguồn không gửi dữ liệu)');
    expect(playReasonText('error', '[src/streamdump.c:stream_parse_headers():341] error: HTTP error response: HTTP/1.0 404 Not Found\n[src/streamdump.c:stream_parse_headers():411] error: missing positive server response')).toBe('Không tải được nguồn tiếp sóng (HTTP 404)');
    expect(playReasonText('error', 'http://vov.vn/x: Server returned 403 Forbidden (access denied)')).toBe('Không tải được nguồn tiếp sóng (HTTP 403)');
    expect(playReasonText('error', '[src/resolver.c:timeout_connect():239] error: connection failed: Connection refused\n[src/httpget.c:http_open():466] error: Unable to establish connection to 127.0.0.1')).toBe('Không tải được nguồn tiếp sóng (không kết nối được máy chủ nguồn)');
    expect(playReasonText('error', '[src/resolver.c:open_connection():308] error: Resolving no-such-host.invalid:80: Name or service not known')).toBe('Không tải được nguồn tiếp sóng (không tìm thấy tên máy chủ nguồn)');
    expect(playReasonText('error', 'main: [src/mpg123.c:open_track():755] error: Unknown mpeg MIME type text/html - is it perhaps a playlist (use -@)?')).toBe('Nguồn phát không phải âm thanh MP3 (text/html)');
    expect(playReasonText('error', 'live stream answered HTTP 404')).toBe('Không nhận được luồng phát trực tiếp (HTTP 404)');
    expect(playReasonText('error', 'disk full')).toBe('Trình phát của loa báo lỗi (chi tiết trong nhật ký của loa)');
    for (const raw of ['disk full', '[src/x.c:y():1] error: something new']) expect(playReasonText('error', raw)).not.toContain(raw);
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
