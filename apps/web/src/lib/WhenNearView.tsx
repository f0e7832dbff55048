import { useEffect, useState, type ReactNode, type Ref } from 'react';

/**
 * Renders `children` once the placeholder comes within `margin` of the viewport (at once where
 * IntersectionObserver is missing): heavy content below the fold (the overview's charts on a
 * phone) costs nothing on load and appears as the user scrolls towards it.
 */
export function WhenNearView({ children, placeholder, margin = 400 }: { children: ReactNode; placeholder: (ref: Ref<HTMLDivElement>) => ReactNode; margin?: number }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: `${margin}px 0px` });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element, margin]);
  return near ? children : placeholder(setElement);
}
