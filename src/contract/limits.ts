/** Business constants (docs/product.md §11), shared by server and client. */
export const TOKEN_REFRESH_INTERVAL_MS = 30 * 60 * 1000;
export const SESSION_TIMEOUT_REDIRECT_MS = 1000;
export const LOGGED_OUT_REDIRECT_MS = 500;
export const RECENT_CAMPAIGNS_ON_DASHBOARD = 2;
export const DEFAULT_VARIABLES = [
  'email',
  'first_name',
  'last_name',
  'company',
  'job_title',
  'info',
] as const;
export const TERMS_LAST_UPDATED = '11/28/2026';
