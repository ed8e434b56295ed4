import { BLOCK_NAMES } from '../../src/server/ai/prompts/data-block';

/**
 * A strict reading of a prompt's blocks, as the prompt builders promise to write them: each block
 * a `<name>` line, its content, a `</name>` line; no other angle bracket anywhere, and none of the
 * characters that hide text or pass for a bracket. What is outside the blocks is the skeleton,
 * which must be the builder's fixed text whatever the data was.
 */

export type PromptBlock = { name: string; content: string };
export type ParsedPrompt = {
  blocks: PromptBlock[];
  /** The prompt with each block's content replaced by "…": the builder's own text and the tags. */
  skeleton: string;
  /** What breaks the promise, each with where; empty for a well-formed prompt. */
  problems: string[];
};

/** The blocks the builders write as JSON; the rest are escaped text. */
const JSON_BLOCKS = new Set([
  'recipient_data',
  'previous_emails',
  'conversation',
  'sender',
  'variables',
  'columns',
]);
const NAMES = new Set<string>(BLOCK_NAMES);
const TOKEN = /<\/?[a-z_]+>|[<>]/g;
/** Unicode tag characters, look-alike brackets and bidi controls: never raw in a prompt. */
const HIDDEN_OR_LOOK_ALIKE =
  /[\u{E0000}-\u{E007F}\u02C2\u02C3\u1433\u1438\u2039\u203A\u2329\u232A\u276C-\u2771\u27E8-\u27EB\u29FC\u29FD\u3008-\u300B\uFE64\uFE65\uFF1C\uFF1E\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

const near = (text: string, at: number) => JSON.stringify(text.slice(Math.max(0, at - 20), at + 30));

export function parsePrompt(prompt: string): ParsedPrompt {
  const blocks: PromptBlock[] = [];
  const problems: string[] = [];
  let skeleton = '';
  let open: { name: string; contentStart: number } | null = null;
  let outsideFrom = 0;
  for (const match of prompt.matchAll(TOKEN)) {
    const at = match.index;
    const token = match[0];
    const name = token.replace(/[</>]/g, '');
    const closing = token.startsWith('</');
    const onItsOwnLine =
      (at === 0 || prompt[at - 1] === '\n') &&
      (at + token.length === prompt.length || prompt[at + token.length] === '\n');
    if (token.length === 1 || !NAMES.has(name) || !onItsOwnLine) {
      problems.push(`stray ${token} at ${at}: ${near(prompt, at)}`);
    } else if (!closing && !open) {
      skeleton += prompt.slice(outsideFrom, at + token.length);
      open = { name, contentStart: at + token.length + 1 };
    } else if (closing && open?.name === name) {
      blocks.push({ name, content: prompt.slice(open.contentStart, at - 1) });
      skeleton += '\n…\n';
      outsideFrom = at;
      open = null;
    } else {
      problems.push(`${token} out of place at ${at}: ${near(prompt, at)}`);
    }
  }
  if (open) problems.push(`<${open.name}> never closed`);
  skeleton += prompt.slice(outsideFrom);
  const hidden = HIDDEN_OR_LOOK_ALIKE.exec(prompt);
  if (hidden) problems.push(`raw U+${hidden[0].codePointAt(0)!.toString(16)} at ${hidden.index}`);
  for (const block of blocks) {
    if (!JSON_BLOCKS.has(block.name)) continue;
    try {
      JSON.parse(block.content);
    } catch {
      problems.push(`<${block.name}> is not JSON`);
    }
  }
  return { blocks, skeleton, problems };
}

/** A block's value as the model should read it: JSON parsed, or text with its escapes undone. */
export function blockValue(block: PromptBlock): unknown {
  if (JSON_BLOCKS.has(block.name)) return JSON.parse(block.content);
  return block.content.replace(/&(lt|gt|amp|#x[0-9A-F]+);/g, (_, ref: string) =>
    ref.startsWith('#x') ? String.fromCodePoint(Number.parseInt(ref.slice(2), 16)) : ENTITIES[ref]!,
  );
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&' };

/**
 * Whether a value read back from a block is the value put in: Unicode tag characters gone,
 * perhaps trimmed by the builder, or cut at its block's cap with the marker after it.
 */
export function readsBack(read: unknown, value: string): boolean {
  if (typeof read !== 'string') return false;
  const given = value.replace(/[\u{E0000}-\u{E007F}]/gu, '');
  if (read === given || read === given.trim()) return true;
  const cut = read.endsWith(' [truncated]') ? read.slice(0, -' [truncated]'.length) : null;
  return cut !== null && cut.length >= 400 && (given.startsWith(cut) || given.trim().startsWith(cut));
}
