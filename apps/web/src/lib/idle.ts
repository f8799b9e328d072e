/**
 * Runs `callback` when the browser is next idle, and at the latest after `timeoutMs`; returns a function
 * that cancels it. Browsers without `requestIdleCallback` (Safari) run it on the next task.
 */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => {
      window.cancelIdleCallback(handle);
    };
  }
  const timer = window.setTimeout(callback, 16);
  return () => {
    window.clearTimeout(timer);
  };
}
