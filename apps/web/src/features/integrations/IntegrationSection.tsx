import type { ReactNode } from 'react';
import { Paper, Stack, Typography } from '@mui/material';

/** One section of the Kết nối page: a titled panel with its intro, an action and its content. */
export function IntegrationSection({ id, title, intro, action, children }: { id: string; title: string; intro: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={`${id}-title`} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}>
          <div>
            <Typography id={`${id}-title`} variant="h6" component="h2">{title}</Typography>
            <Typography color="text.secondary" variant="body2">{intro}</Typography>
          </div>
          {action}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
