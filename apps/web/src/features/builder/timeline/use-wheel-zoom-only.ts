import { type RefObject, useEffect } from 'react';

/**
 * Ctrl (or Cmd) with the wheel over `ref` zooms the timeline alone, never the page (D97): React
 * listens to the wheel passively, so its handler cannot stop the browser's page zoom; this native
 * listener does. The plain wheel is left to the page.
 */
export function useWheelZoomOnly(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const keepFromPage = (event: WheelEvent) => {
      if (event.ctrlKey || event.metaKey) event.preventDefault();
    };
    element.addEventListener('wheel', keepFromPage, { passive: false });
    return () => element.removeEventListener('wheel', keepFromPage);
  }, [ref]);
}
