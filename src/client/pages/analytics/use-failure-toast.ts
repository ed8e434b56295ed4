import { useEffect } from 'react';
import { isUnauthorized } from '../../api';
import { showToast } from '../../toast';

export const ANALYTICS_FAILED = 'Failed to fetch analytics data';

/**
 * docs/product.md §8: a failed analytics read shows 'Failed to fetch analytics data', once per failure (each
 * failed fetch gives a new error). A 401 is left to the app-wide session-expiry handling.
 */
export function useFailureToast(error: Error | null) {
  useEffect(() => {
    if (error && !isUnauthorized(error)) showToast({ title: ANALYTICS_FAILED, tone: 'error' });
  }, [error]);
}
