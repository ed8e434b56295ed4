import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor give up after this long. It is a liveness limit, not a timing: the suite runs
// its files side by side on 2 cores, where a render that takes 50 ms alone (a chart drawn in a
// background render) has taken over a second.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs; Mantine reads them (colour scheme, responsive props, ScrollArea, Combobox).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

window.HTMLElement.prototype.scrollIntoView = () => {};

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
