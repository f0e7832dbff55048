/**
 * The header's text buttons (emergency broadcast, live voice) show their words from 1200 px; below,
 * their icon alone (the words stay their accessible name), so the header fits a phone's width.
 */
export const HEADER_BUTTON_SX = {
  whiteSpace: 'nowrap',
  minWidth: 0,
  px: { xs: 1, lg: 2 },
  '& .MuiButton-startIcon': { mx: { xs: 0, lg: 1 }, ml: { lg: -0.5 } },
} as const;

export const HEADER_BUTTON_LABEL_SX = { display: { xs: 'none', lg: 'inline' } } as const;
