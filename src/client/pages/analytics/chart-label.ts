/**
 * A chart's category name in lines of at most `width` characters, broken between words where it
 * can and inside a word longer than a line ("reportingaudience…" is one). Past `maxLines` the last
 * line ends in "…"; the chart shows the whole name on hover.
 */
export function wrapLabel(name: string, width: number, maxLines: number): string[] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const pieces = words.flatMap((word) => {
    const parts: string[] = [];
    for (let i = 0; i < word.length; i += width) parts.push(word.slice(i, i + width));
    return parts;
  });
  const lines: string[] = [];
  for (const piece of pieces) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + piece.length <= width)
      lines[lines.length - 1] = `${last} ${piece}`;
    else lines.push(piece);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, width - 1)}…`;
  return kept;
}
