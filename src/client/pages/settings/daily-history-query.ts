import { api } from '../../../contract/api';
import { queryOf } from '../../api';

export const HISTORY_DAYS = 14;

/** Sends per day over the last HISTORY_DAYS days. Its key lies under today's counts' key, so whatever refreshes those after a send refreshes this too. */
export const historyQuery = queryOf(api.settings.dailyHistory, { query: { days: HISTORY_DAYS } });
