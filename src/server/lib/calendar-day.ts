/** The calendar day (YYYY-MM-DD) that `at` falls on in an IANA time zone. */
export function calendarDay(timeZone: string, at: Date = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
