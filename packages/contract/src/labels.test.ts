import { describe, expect, it } from 'vitest';
import {
  CONNECTION_REASON_LABELS, describeLogDetail, labelOf, LOG_ACTION_LABELS, LOG_OUTCOME_LABELS, LOG_TARGET_LABELS, SERVICE_LABELS,
} from './labels';
import { CONNECTION_REASONS } from './schemas/devices';

describe('the one label table', () => {
  it('labels codes in Vietnamese and English, and shows an unknown code as it is', () => {
    expect(labelOf(LOG_ACTION_LABELS, 'dang-nhap')).toBe('Đăng nhập');
    expect(labelOf(LOG_ACTION_LABELS, 'them-thiet-bi', 'en')).toBe('Add device');
    expect(labelOf(LOG_TARGET_LABELS, 'canhbaocap')).toBe('Cảnh báo CAP');
    expect(labelOf(LOG_OUTCOME_LABELS, 'denied')).toBe('Bị từ chối');
    expect(labelOf(SERVICE_LABELS, 'telegram')).toBe('Telegram');
    expect(labelOf(LOG_ACTION_LABELS, 'hanh-dong-moi')).toBe('hanh-dong-moi');
    expect(labelOf(LOG_ACTION_LABELS, 'toString')).toBe('toString');
  });

  it('has a distinct English label for every action, and a label for every connection reason', () => {
    expect(Object.keys(LOG_ACTION_LABELS).length).toBeGreaterThan(30);
    for (const [code, label] of Object.entries(LOG_ACTION_LABELS)) expect(label.en, code).not.toBe(label.vi);
    for (const reason of CONNECTION_REASONS) expect(CONNECTION_REASON_LABELS[reason].vi).not.toBe(reason);
  });

  it('writes details as a readable line, never JSON', () => {
    expect(describeLogDetail({ lydo: 'sai mật khẩu', amluong: 42, diaban: ['Xã A', 'Xã B'], batdau: true, giotinh: { tu: '22:00', den: '05:00' } }))
      .toBe('Lý do: sai mật khẩu; Âm lượng: 42; Địa bàn: Xã A, Xã B; Bật: Có; Giờ tĩnh: (Từ: 22:00; Đến: 05:00)');
    expect(describeLogDetail({ batdau: false }, 'en')).toBe('Enabled: No');
    expect(describeLogDetail(null)).toBe('');
  });
});
