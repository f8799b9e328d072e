import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { assertNoUnexpectedConsoleErrors, watchConsoleErrors } from './console-guard';
import './resize-observer-stand-in';

// findBy* and waitFor give up after 5 s rather than 1 s: a first render loads the screen's modules,
// which takes longer than a second when CI's two cores run several test files at once.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  watchConsoleErrors();
  // jsdom does not implement scrolling; the app scrolls to the top after each navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  assertNoUnexpectedConsoleErrors();
});
