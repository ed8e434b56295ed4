/** One server-sent event: its `event:` name ('message' when unnamed) and its `data:` lines joined by newlines. */
export interface SseMessage {
  event: string;
  data: string;
}

/**
 * An incremental text/event-stream parser (the WHATWG "event stream interpretation"). Feed it
 * decoded text as chunks arrive; it returns the events completed so far and keeps a partial line
 * or event for the next chunk, because network chunks split lines and events anywhere.
 */
export function createSseParser() {
  let pending = '';
  let event = '';
  let data: string[] = [];

  const dispatch = (out: SseMessage[]) => {
    // An event with no data lines is not dispatched (comments and keep-alives end up here).
    if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
    event = '';
    data = [];
  };

  const processLine = (line: string, out: SseMessage[]) => {
    if (line === '') return dispatch(out);
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    // `id` and `retry` only matter to EventSource's reconnection, which a POST stream does not use.
  };

  return {
    feed(chunk: string): SseMessage[] {
      const out: SseMessage[] = [];
      pending += chunk;
      // A trailing CR may be the first half of a CRLF split across chunks: wait for the next one.
      const end = pending.endsWith('\r') ? pending.length - 1 : pending.length;
      const lines = pending.slice(0, end).split(/\r\n|\r|\n/);
      pending = (lines.pop() ?? '') + pending.slice(end);
      for (const line of lines) processLine(line, out);
      return out;
    },
    /** At the end of the stream a held CR is a line end after all; an unfinished event is dropped. */
    end(): SseMessage[] {
      const out: SseMessage[] = [];
      if (pending === '\r') processLine('', out);
      pending = '';
      return out;
    },
  };
}
