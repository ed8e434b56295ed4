export interface TextEdit {
  value: string;
  /** Where the caret goes: just after the inserted text. */
  caret: number;
}

/** Replaces the selection `[start, end)` of `value` with `text` (a missing selection means the end). */
export function insertAtCursor(
  value: string,
  text: string,
  start: number | null | undefined,
  end: number | null | undefined,
): TextEdit {
  const from = clamp(start ?? value.length, value.length);
  const to = Math.max(from, clamp(end ?? from, value.length));
  return { value: value.slice(0, from) + text + value.slice(to), caret: from + text.length };
}

function clamp(position: number, length: number) {
  return Math.min(Math.max(position, 0), length);
}
