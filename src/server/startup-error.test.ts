import { describe, expect, it } from 'vitest';
import { StartupError, startupStep } from './startup-error';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a failed start-up', () => {
  it('names the step and the cause, and says what to do for a known cause', async () => {
    const err = await startupStep('starting the job queue', async () => {
      throw withCode('deadlock detected', '40P01');
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StartupError);
    expect((err as StartupError).explain()).toBe(
      'Tailor could not start: starting the job queue failed: deadlock detected\n' +
        'What to do: two processes changed the schema at once: start this one again.',
    );
  });

  it('reads the code of the first of several addresses (AggregateError)', () => {
    const err = new StartupError(
      'opening the database',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
    );
    expect(err.explain()).toContain('What to do: nothing answered at the address in DATABASE_URL');
  });

  it('keeps the inner step when steps nest, and gives no hint it does not have', async () => {
    const err = await startupStep('outer', () =>
      startupStep('inner', async () => {
        throw new Error('odd');
      }),
    ).catch((e: unknown) => e as StartupError);
    expect(err.explain()).toBe('Tailor could not start: inner failed: odd');
  });
});
