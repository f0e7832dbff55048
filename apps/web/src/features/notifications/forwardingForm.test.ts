import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES, type Forwarding } from '@loa/contract';
import { forwardingBody, forwardingToForm } from './forwardingForm';

describe('forwardingBody', () => {
  it('flags both fields of an empty Zalo form when no token is stored, and only the followers when one is', () => {
    const empty = forwardingToForm(undefined);
    expect(forwardingBody('zalo', empty).fields).toEqual({
      accesstoken: NOTIFICATION_MESSAGES.zaloTokenRequired,
      nguoinhan: NOTIFICATION_MESSAGES.zaloUserRequired,
    });
    const stored: Forwarding = { dichvu: 'zalo', batdau: false, sukien: [], ngonngu: 'vi', cauhinh: { accesstoken: '••••dung', nguoinhan: '' }, loigannhat: null, duocsua: true };
    expect(forwardingBody('zalo', empty, stored).fields).toEqual({ nguoinhan: NOTIFICATION_MESSAGES.zaloUserRequired });
    expect(forwardingBody('zalo', { ...empty, nguoinhan: '1001' }, stored).body).toBeDefined();
  });
});
