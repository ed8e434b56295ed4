import { DAILY_LIMIT_WITH_UNSUBSCRIBE, DAILY_LIMIT_WITHOUT_UNSUBSCRIBE } from '../../contract/email-rules';
import type { DailyEmailStats } from '../../contract/settings';
import type { Db } from '../db/client';
import { calendarDay } from '../lib/calendar-day';
import { findSendQuota } from '../queries/send-quota';

/** Today's sends against the daily limits, "today" being the user's own calendar day. */
export async function getDailyEmailStats(
  db: Db,
  user: { id: number; timeZone: string },
): Promise<DailyEmailStats> {
  const day = calendarDay(user.timeZone);
  const quota = await findSendQuota(db, user.id, day);
  return {
    day,
    sentWithUnsubscribe: quota?.sentWithUnsubscribe ?? 0,
    sentWithoutUnsubscribe: quota?.sentWithoutUnsubscribe ?? 0,
    limitWithUnsubscribe: DAILY_LIMIT_WITH_UNSUBSCRIBE,
    limitWithoutUnsubscribe: DAILY_LIMIT_WITHOUT_UNSUBSCRIBE,
  };
}
