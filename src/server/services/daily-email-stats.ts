import { capacityOf } from '../../contract/email-rules';
import type { DailyEmailStats } from '../../contract/settings';
import type { Db } from '../db/client';
import { calendarDay } from '../lib/calendar-day';
import { userMailboxesToday } from '../queries/mailbox-capacity';

/**
 * Today's sends against the daily limits, over all the person's mailboxes ("today" being each
 * mailbox owner's, i.e. the person's own calendar day).
 */
export async function getDailyEmailStats(
  db: Db,
  user: { id: number; timeZone: string },
): Promise<DailyEmailStats> {
  const mailboxes = await userMailboxesToday(db, user.id);
  const withLink = capacityOf(mailboxes, true);
  const withoutLink = capacityOf(mailboxes, false);
  return {
    day: calendarDay(user.timeZone),
    sentWithUnsubscribe: withLink.sent,
    sentWithoutUnsubscribe: withoutLink.sent,
    limitWithUnsubscribe: withLink.dailyLimit,
    limitWithoutUnsubscribe: withoutLink.dailyLimit,
  };
}
