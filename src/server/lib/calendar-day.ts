/**
 * One formatter per time zone: making one costs far more than formatting with it, and the daily
 * chart and quota reads ask on every request. Time zones are few (IANA names), so the map stays small.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) that `at` falls on in an IANA time zone. */
export function calendarDay(timeZone: string, at: Date = new Date()): string {
  let format = formatters.get(timeZone);
  if (!format) {
    // en-CA formats dates as YYYY-MM-DD. An unknown zone throws here, before it is kept.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format.format(at);
}

/** The `count` calendar days up to today in `timeZone`, oldest first (date arithmetic, no DST shifts). */
export function lastCalendarDays(timeZone: string, count: number, at: Date = new Date()): string[] {
  const today = Date.parse(`${calendarDay(timeZone, at)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(today - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}
