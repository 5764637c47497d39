import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * After a navigation inside the app, moves focus to the page's main region, so keyboard and screen-reader
 * users start at the new content (as a full page load would) instead of on the link they chose.
 */
export function useFocusOnNavigate(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}
