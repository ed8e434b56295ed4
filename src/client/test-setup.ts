import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// The pages and editors the app loads on demand (React.lazy), loaded up front: the client suite
// shares one module graph per worker (isolate: false in vitest.config.ts), and a lazy import still
// pending when a test file ends fails whichever file the worker runs next.
import './pages/analytics/analytics-page';
import './pages/campaigns/campaigns-page';
import './pages/campaigns/editor/campaign-editor';
import './pages/dashboard/dashboard-page';
import './pages/inbox/inbox-page';
import './pages/settings/settings-page';
import './pages/templates/editor/template-editor';
import './pages/templates/templates-page';

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
