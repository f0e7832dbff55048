import { createContext, useContext } from 'react';

/** What the live voice dialog opens with (the broadcast-now dialog hands over what was filled in). */
export interface LiveVoicePrefill {
  tieude: string;
  loaibantin: number | null;
  diabanchon: string[];
  thietbichon: string[];
}

export interface LiveVoiceLauncher {
  /** Opens the dialog (brings the running session back when on air). */
  open: (prefill?: LiveVoicePrefill) => void;
  /** This console is on air: the header button says so and brings the dialog back. */
  onAir: boolean;
}

export const LiveVoiceContext = createContext<LiveVoiceLauncher | null>(null);

/** The live voice dialog's launcher ("Phát trực tiếp"); null outside the signed-in shell. */
export function useLiveVoiceLauncher(): LiveVoiceLauncher | null {
  return useContext(LiveVoiceContext);
}
