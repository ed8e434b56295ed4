/**
 * One finding of the doctor: whether this part of the deployment works, why in one line, and what
 * the operator should do in one line (null when there is nothing to do). Structured rather than
 * printed so the same results can fill a read-only Settings panel for owners, once teams bring
 * roles (a later issue); the command only prints them.
 */
export type DoctorStatus = 'pass' | 'warn' | 'fail';

export type DoctorCheck = {
  /** Stable, for code and tests: `database`, `smtp`, `sign-in-google`... */
  id: string;
  /** What was checked, as the operator knows it: "SMTP relay (SMTP_URL)". */
  title: string;
  status: DoctorStatus;
  why: string;
  todo: string | null;
};

export const pass = (id: string, title: string, why: string): DoctorCheck => ({
  id,
  title,
  status: 'pass',
  why,
  todo: null,
});

export const warn = (id: string, title: string, why: string, todo: string): DoctorCheck => ({
  id,
  title,
  status: 'warn',
  why,
  todo,
});

export const fail = (id: string, title: string, why: string, todo: string): DoctorCheck => ({
  id,
  title,
  status: 'fail',
  why,
  todo,
});

/** A short reason from anything thrown, without a trailing full stop (callers add their own). */
export function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.trim().replace(/\.$/, '') || 'no reason given';
}

/** Rejects with a readable reason when `work` takes longer than `ms` (a server that never answers). */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${Math.round(ms / 1000)} s`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
