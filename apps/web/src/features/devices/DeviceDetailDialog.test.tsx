import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { DeviceLive, Locale } from '@loa/contract';
import { I18nProvider } from '../../i18n/I18nProvider';
import { makeSpeaker } from '../../test/deviceFixtures';
import { DeviceDetailDialog } from './DeviceDetailDialog';

const planOf = async (locale: Locale, lichphat: DeviceLive['lichphat']) => {
  const view = render(<I18nProvider locale={locale}><DeviceDetailDialog device={makeSpeaker({}, { lichphat })} onClose={() => undefined} /></I18nProvider>);
  const label = await screen.findByText(locale === 'en' ? 'Plan on the speaker' : 'Lịch phát trên loa');
  const text = label.nextElementSibling?.textContent;
  view.unmount();
  return text;
};

describe('device detail: the plan the speaker holds (issue #30; issue #28 item 9)', () => {
  it('words the plan\'s state in the console\'s language, not the server\'s Vietnamese label', async () => {
    expect(await planOf('en', { phienban: 4, tinhtrang: 'sansang', thieu: 0, nhan: 'sẵn sàng' })).toBe('Ready');
    expect(await planOf('en', { phienban: 4, tinhtrang: 'thieutep', thieu: 3, nhan: 'thiếu 3 tệp' })).toBe('3 files missing');
    expect(await planOf('en', { phienban: 3, tinhtrang: 'chuanhan', thieu: 0, nhan: 'chưa nhận lịch mới' })).toBe('New plan not received yet');
    expect(await planOf('en', null)).toBe('—');
    expect(await planOf('vi', { phienban: 4, tinhtrang: 'thieutep', thieu: 3, nhan: 'thiếu 3 tệp' })).toBe('Thiếu 3 tệp');
  });
});
