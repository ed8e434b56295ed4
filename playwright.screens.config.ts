import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run screenshots`: the app as playwright.config.ts runs it (the same built app, fresh
 * database and fakes), driven by e2e/screens only, which writes docs/images/screens. Not part of
 * `npm test`: the main config ignores e2e/screens.
 */
export default defineConfig({
  ...base,
  testDir: 'e2e/screens',
  testIgnore: [],
  outputDir: 'e2e/screenshots/screens',
  timeout: 180_000,
});
