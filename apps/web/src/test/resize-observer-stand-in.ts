/**
 * jsdom has no ResizeObserver (it does no layout). This stand-in reports each observed element once, as
 * a browser does when observing starts; jsdom's sizes are all zero, so nothing later would change.
 */
class ResizeObserverStandIn implements ResizeObserver {
  private readonly callback: ResizeObserverCallback;
  private active = true;

  constructor(callback: ResizeObserverCallback) {
    this.callback = callback;
  }

  observe(target: Element): void {
    queueMicrotask(() => {
      if (!this.active) return;
      const entry = { target } as ResizeObserverEntry;
      this.callback([entry], this);
    });
  }

  unobserve(): void {
    // Nothing to stop: the stand-in reports only once.
  }

  disconnect(): void {
    this.active = false;
  }
}

if (typeof globalThis.ResizeObserver === 'undefined') globalThis.ResizeObserver = ResizeObserverStandIn;
