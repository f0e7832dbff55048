import { describe, expect, it } from 'vitest';
import { CAP_MESSAGES } from '@loa/contract';
import { AppError } from '../../infra/errors';
import { hostileAlert } from '../../../test/hostileCap';
import { readAlertOffThread, warmCapThread } from './capThread';

const alert = (id: string, description = 'Nước lên nhanh.') => Buffer.from(`<?xml version="1.0"?>
<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2"><identifier>${id}</identifier><sender>kttv</sender><sent>2026-09-17T05:30:00+07:00</sent>
<status>Actual</status><msgType>Alert</msgType><scope>Public</scope><info><language>vi-VN</language><category>Met</category><event>Lũ</event>
<urgency>Immediate</urgency><severity>Extreme</severity><certainty>Observed</certainty><description>${description}</description>
<area><areaDesc>Xã A</areaDesc><circle>16.8,107.0 2</circle></area></info></alert>`);

describe('the CAP thread', () => {
  it('reads an alert off the main thread, and refuses one past its budget in words, then reads the next on a fresh thread', async () => {
    await warmCapThread();
    expect((await readAlertOffThread(alert('A-1'))).identifier).toBe('A-1');
    // Half a megabyte of text takes far longer than a millisecond to parse: the thread is stopped, the alert refused.
    const slow = await readAlertOffThread(alert('A-2', '<p>Nước lên nhanh.</p>'.repeat(20_000)), 1).catch((error: unknown) => error);
    expect(slow).toBeInstanceOf(AppError);
    expect(slow).toMatchObject({ statusCode: 400, message: CAP_MESSAGES.tooSlow.replace('{ms}', '1') });
    expect((await readAlertOffThread(alert('A-3'))).identifier).toBe('A-3');
  }, 120_000);

  it('refuses a polygon over the limit from the raw document, without parsing it', async () => {
    const refused = await readAlertOffThread(Buffer.from(hostileAlert('H-1')), 60_000).catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 400, message: CAP_MESSAGES.polygonTooLarge.replace('{n}', '1').replace('{count}', '55000') });
  }, 120_000);
});
