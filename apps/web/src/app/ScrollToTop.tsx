import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Each navigation scrolls smoothly to the top (spec §2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}
