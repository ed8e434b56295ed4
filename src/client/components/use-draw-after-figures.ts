import { useDeferredValue } from 'react';

/**
 * Whether a chart whose data is `ready` may be drawn yet. A chart is the costliest part of its page
 * to draw (the two on Analytics took 100–200 ms in Chromium, in one task with the rest of the
 * page), so once its data is there it is drawn in a background render after the figures and
 * tables around it, which show first. Until then the chart's place keeps its skeleton.
 */
export function useDrawAfterFigures(ready: boolean): boolean {
  return useDeferredValue(ready, false);
}
