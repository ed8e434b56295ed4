import { describe, expect, it } from 'vitest';
import { isConnectionLost, retryWhileConnectionLost } from './connection-lost';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isConnectionLost', () => {
  it('knows a server that is gone, restarting or dropped the connection', () => {
    expect(isConnectionLost(withCode('ECONNREFUSED'))).toBe(true);
    expect(isConnectionLost(withCode('57P01', 'terminating connection due to administrator command'))).toBe(
      true,
    );
    expect(isConnectionLost(withCode('57P03', 'the database system is starting up'))).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('looks through wrappers such as Drizzle query errors', () => {
    expect(isConnectionLost(new Error('Failed query: select 1', { cause: withCode('ECONNRESET') }))).toBe(
      true,
    );
  });

  it('leaves real statement errors alone', () => {
    expect(isConnectionLost(withCode('23505', 'duplicate key value'))).toBe(false);
    expect(isConnectionLost(new Error('Failed query', { cause: withCode('42P01') }))).toBe(false);
    expect(isConnectionLost('ECONNREFUSED')).toBe(false);
  });
});

describe('retryWhileConnectionLost', () => {
  it('tries again while the connection is lost, then answers', async () => {
    let calls = 0;
    const result = await retryWhileConnectionLost(async () => {
      if (++calls < 3) throw withCode('ECONNREFUSED');
      return 'ok';
    }, 10_000);
    expect(result).toBe('ok');
    expect(calls).toBe(3);
  });

  it('throws other errors at once, and gives up after its patience', async () => {
    let calls = 0;
    await expect(
      retryWhileConnectionLost(async () => {
        calls++;
        throw withCode('23505');
      }, 10_000),
    ).rejects.toThrow();
    expect(calls).toBe(1);
    await expect(
      retryWhileConnectionLost(async () => {
        throw withCode('ECONNREFUSED');
      }, 100),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
