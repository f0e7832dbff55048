import { describe, expect, it } from 'vitest';
import { EMPTY_LOG_FILTERS, isRangeInverted, logCsvUrl, logFiltersFromParams, logPageQuery } from './logQuery';

const filters = { user: ' canbo.xa ', action: 'phat-ngay', areaId: 'a-2', from: '2025-03-01', to: '2025-03-31' };

describe('system log query', () => {
  it('sends the filters under the server names, leaving empty ones out', () => {
    expect(logPageQuery(filters, 50, null)).toBe('nguoidung=canbo.xa&hanhdong=phat-ngay&diaban=a-2&tu=2025-03-01&den=2025-03-31&sodong=50');
    expect(logPageQuery({ ...EMPTY_LOG_FILTERS, action: 'dang-nhap' }, 50, null)).toBe('hanhdong=dang-nhap&sodong=50');
  });

  it('passes the previous page’s tieptheo as sau', () => {
    expect(logPageQuery(EMPTY_LOG_FILTERS, 50, '12345')).toBe('sodong=50&sau=12345');
  });

  it('links the CSV export with the same filters and no paging', () => {
    expect(logCsvUrl(filters)).toBe('/v1/client/nhatky/xuatcsv?nguoidung=canbo.xa&hanhdong=phat-ngay&diaban=a-2&tu=2025-03-01&den=2025-03-31');
    expect(logCsvUrl(EMPTY_LOG_FILTERS)).toBe('/v1/client/nhatky/xuatcsv');
  });

  it('reads the filters back from the address', () => {
    expect(logFiltersFromParams(new URLSearchParams('hanhdong=xoa-thiet-bi&tu=2025-01-02'))).toEqual({ ...EMPTY_LOG_FILTERS, action: 'xoa-thiet-bi', from: '2025-01-02' });
  });

  it('notices a start date after the end date', () => {
    expect(isRangeInverted({ ...EMPTY_LOG_FILTERS, from: '2025-04-02', to: '2025-04-01' })).toBe(true);
    expect(isRangeInverted({ ...EMPTY_LOG_FILTERS, from: '2025-04-01', to: '2025-04-01' })).toBe(false);
  });
});
