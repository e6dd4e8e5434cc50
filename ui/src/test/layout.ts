import { beforeAll, vi } from "vitest";

/**
 * jsdom lays nothing out and keeps no scroll place: for the tests of a file,
 * every element gets the size of a 400-pixel-high viewport, and a scroll
 * place that `scrollTop` and `scrollTo` set, a change of it announced soon
 * after by a scroll event, as a browser does (a virtualised list listens
 * to it).
 */
export function pretendLayout() {
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({
      width: 800, height: 400, top: 0, left: 0, right: 800, bottom: 400, x: 0, y: 0, toJSON: () => ({}),
    } as DOMRect);
    Object.defineProperty(HTMLElement.prototype, "offsetHeight", { configurable: true, get: () => 400 });
    Object.defineProperty(HTMLElement.prototype, "offsetWidth", { configurable: true, get: () => 800 });
    Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 400 });
    Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 800 });
    const places = new WeakMap<HTMLElement, number>();
    Object.defineProperty(HTMLElement.prototype, "scrollTop", {
      configurable: true,
      get(this: HTMLElement) {
        return places.get(this) ?? 0;
      },
      set(this: HTMLElement, value: number) {
        if (value === (places.get(this) ?? 0)) return;
        places.set(this, value);
        setTimeout(() => this.dispatchEvent(new Event("scroll")));
      },
    });
    // The code editor measures text by ranges.
    Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
    Object.defineProperty(HTMLElement.prototype, "scrollTo", {
      configurable: true,
      value(this: HTMLElement, options: ScrollToOptions) {
        if (options.top !== undefined) this.scrollTop = options.top;
      },
    });
  });
}
