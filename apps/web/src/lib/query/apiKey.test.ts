import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { apiKey } from './apiKey';

describe('apiKey', () => {
  it('names a read by its route segments and query', () => {
    expect(apiKey('/v1/client/thietbi/danhsachthietbi?limit=5&sort=tenthietbi')).toEqual(['api', 'thietbi', 'danhsachthietbi', { limit: '5', sort: 'tenthietbi' }]);
    expect(apiKey('/v1/client/hopthu/a%20b')).toEqual(['api', 'hopthu', 'a b']);
  });

  it('lets a shorter route invalidate every read below it and nothing beside it', async () => {
    const client = new QueryClient();
    client.setQueryData(apiKey('/v1/client/thietbi/danhsachthietbi?limit=5'), 1);
    client.setQueryData(apiKey('/v1/client/thietbi/thongtin?id=d-1'), 2);
    client.setQueryData(apiKey('/v1/client/taikhoan/danhsach?trang=1'), 3);
    await client.invalidateQueries({ queryKey: apiKey('/v1/client/thietbi') });
    const stale = client.getQueryCache().getAll().filter((q) => q.isStale()).map((q) => q.queryKey[1]);
    expect(stale).toEqual(['thietbi', 'thietbi']);
  });
});
