import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

const ask = (t: TestApp, cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });

/**
 * The doctor's checks in Settings: for the deployment's operators only (every workspace has
 * owners; a deployment's server names and misconfigurations are not theirs to read).
 */
describe('the doctor panel', () => {
  describe('without OPERATOR_EMAILS: the first person who signed in', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp('pglite');
    });
    afterAll(() => t.close());

    it('shows the checks to the first person, read from the running app, and refuses the next', async () => {
      const first = await t.signIn('first@example.com');
      const second = await t.signIn('second@example.com');
      expect((await ask(t, first, '/api/auth/user')).json()).toMatchObject({ isOperator: true });
      expect((await ask(t, second, '/api/auth/user')).json()).toMatchObject({ isOperator: false });

      const report = await ask(t, first, '/api/doctor');
      expect(report.statusCode).toBe(200);
      const checks = report.json().checks as { id: string; status: string }[];
      expect(checks.find((c) => c.id === 'database')).toMatchObject({ status: 'pass' });
      expect(checks.find((c) => c.id === 'migrations')).toMatchObject({ status: 'pass' });
      // No AI provider here: a warning, so the report is not all clear.
      expect(report.json().ok).toBe(false);

      const refused = await ask(t, second, '/api/doctor');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Only the deployment's operators see its checks (OPERATOR_EMAILS)");
      expect(refused.body).not.toContain('migrations');
    });
  });

  describe('with OPERATOR_EMAILS', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp('pglite', { OPERATOR_EMAILS: ' Ops@Example.com , other@example.com' });
    });
    afterAll(() => t.close());

    it('shows the checks to the addresses named (any letter case), not to the first person', async () => {
      const first = await t.signIn('first@example.com');
      const ops = await t.signIn('ops@example.com');
      expect((await ask(t, first, '/api/doctor')).statusCode).toBe(403);
      expect((await ask(t, ops, '/api/doctor')).statusCode).toBe(200);
      expect((await ask(t, ops, '/api/auth/user')).json()).toMatchObject({ isOperator: true });
    });
  });
});
