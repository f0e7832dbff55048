/** One section of the user guide: a heading with an anchor, text, optional numbered steps and a screenshot. */
export interface GuideSection {
  id: string;
  title: string;
  /** File under /guide/ (a screenshot of the screen), if any. */
  image?: string;
  paragraphs: string[];
  steps?: string[];
  tips?: string[];
  /** Shown first and highlighted (the emergency procedure). */
  urgent?: boolean;
}
