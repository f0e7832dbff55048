import { CircularProgress, Dialog, DialogContent, Stack, Typography } from '@mui/material';

/** A small busy dialog (sending a broadcast without files, encoding a recording). */
export function PreparingDialog({ open, text }: { open: boolean; text: string }) {
  return (
    <Dialog open={open} aria-label={text}>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={28} />
          <Typography role="status">{text}</Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
