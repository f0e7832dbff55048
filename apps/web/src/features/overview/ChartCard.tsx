import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';

/** A titled card holding one chart or list of the overview. */
export function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  const id = `chart-${title.replace(/\W+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>{title}</Typography>
        {children}
      </CardContent>
    </Card>
  );
}
