import type { Db } from '../db/client';
import { AppError } from '../errors';
import { ianaTimeZone } from '../lib/time-zone';
import { acceptTerms, setTimeZone } from '../queries/users';

export async function acceptTermsOfService(db: Db, userId: number): Promise<Date> {
  return (await acceptTerms(db, userId)) ?? new Date();
}

/** Stores the browser's IANA zone: daily limits and "today" are counted in it. */
export async function saveTimeZone(db: Db, userId: number, timeZone: string) {
  if (!ianaTimeZone(timeZone) || !(await setTimeZone(db, userId, timeZone)))
    throw new AppError('bad_request', 'Unknown time zone');
}
