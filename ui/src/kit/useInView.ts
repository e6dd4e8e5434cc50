import { useEffect, useRef, useState } from "react";

/**
 * Whether the element has come within `margin` of the visible part of its
 * scroller; once it has, it stays so (what it shows is read once). Where the
 * page cannot tell (no IntersectionObserver), it counts as in view.
 */
export function useInView<T extends Element>(margin = "200px"): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, margin]);
  return [ref, seen];
}
