import type { ReactNode } from 'react';
import { Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';

/** One count on the overview. */
export function StatCard({ label, value, icon, detail }: { label: string; value: number | null; icon: ReactNode; detail?: ReactNode }) {
  const id = `stat-${label.replace(/\W+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id={id} variant="subtitle2" color="text.secondary">{label}</Typography>
          {icon}
        </Stack>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, my: 1 }}>
          {value === null ? <Skeleton width={64} /> : value.toLocaleString('vi-VN')}
        </Typography>
        {detail}
      </CardContent>
    </Card>
  );
}
