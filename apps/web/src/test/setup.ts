import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { assertNoUnexpectedConsoleErrors, watchConsoleErrors } from './console-guard';

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
