import { BLOCK_NAMES } from '../../src/server/ai/prompts/data-block';
import { escapeHtml, type FakeAiReply, lastUserMessage, systemMessage } from './ai-server';

/**
 * A fake model as easily led as any: it obeys the LAST instruction it finds in the prompt outside
 * the data blocks (and in an `<instructions>` block, the sender's own), and nothing inside them.
 * It reads the prompt the way an attacker hopes a model will: Unicode tag characters as the
 * ASCII they shadow, zero-width and bidi characters not at all, look-alike brackets as brackets,
 * the first closing tag (any case, spaces, attributes) as the end of a block, and a chat
 * template's special tokens as the start of a new turn even inside a block. Escapes (`&lt;`,
 * `\u003c`) it reads as the text they are, which is what the prompt builders rely on.
 */

export type ReplyKind = 'email' | 'prompt' | 'claims' | 'automap';
export type Obeyed = {
  effect: 'subject' | 'say' | 'link' | 'no-claims';
  target: string;
  /** Where the instruction was read: outside every block, or in an <instructions> block. */
  from: 'outside' | 'instructions';
  words: string;
};

const TAG_CHARACTER = /[\u{E0000}-\u{E007F}]/gu;
const INVISIBLE = /[\u200B-\u200F\u2060\uFEFF\u061C\u202A-\u202E\u2066-\u2069]/g;
const LOOKS_LIKE_LESS =
  /[\u02C2\u1438\u2039\u2329\u276C\u276E\u2770\u27E8\u27EA\u29FC\u3008\u300A\uFE64\uFF1C]/g;
const LOOKS_LIKE_GREATER =
  /[\u02C3\u1433\u203A\u232A\u276D\u276F\u2771\u27E9\u27EB\u29FD\u3009\u300B\uFE65\uFF1E]/g;

/** The prompt as a credulous model perceives it. */
export function asReadByAModel(text: string): string {
  return text
    .replace(TAG_CHARACTER, (c) => {
      const code = c.codePointAt(0)! - 0xe0000;
      return code >= 0x20 && code < 0x7f ? String.fromCharCode(code) : '';
    })
    .replace(INVISIBLE, '')
    .replace(LOOKS_LIKE_LESS, '<')
    .replace(LOOKS_LIKE_GREATER, '>');
}

const OPENING = new RegExp(`<\\s*(${BLOCK_NAMES.join('|')})(?![\\w])[^<>]*>`, 'i');
const NEW_TURN = '<\\|im_start\\|>|<\\|im_end\\|>|<\\/s>';

type Piece = { text: string; from: 'outside' | 'instructions' | 'data'; name?: string };

/** The prompt in pieces: outside text, <instructions> blocks, and data blocks with their names. */
export function piecesOf(prompt: string): Piece[] {
  const pieces: Piece[] = [];
  let rest = asReadByAModel(prompt);
  while (rest) {
    const open = OPENING.exec(rest);
    if (!open) {
      pieces.push({ text: rest, from: 'outside' });
      break;
    }
    pieces.push({ text: rest.slice(0, open.index), from: 'outside' });
    rest = rest.slice(open.index + open[0].length);
    const name = open[1]!.toLowerCase();
    const end = new RegExp(`<\\s*/\\s*${name}(?![\\w])[^<>]*>|${NEW_TURN}`, 'i').exec(rest);
    const text = end ? rest.slice(0, end.index) : rest;
    pieces.push({ text, from: name === 'instructions' ? 'instructions' : 'data', name });
    // A closing tag is read and done with; a new turn's token is left to be read as outside text.
    const turn = end !== null && !end[0].replace(/\s/g, '').toLowerCase().startsWith(`</${name}`);
    rest = end ? rest.slice(end.index + (turn ? 0 : end[0].length)) : '';
  }
  return pieces;
}

const ORDERS: [RegExp, Obeyed['effect']][] = [
  [/\bwrite\s+(\S+?)\s+in\s+the\s+subject/gi, 'subject'],
  [/\badd\s+a\s+link\s+to\s+(\S+)/gi, 'link'],
  [/\breport\s+no\s+claims\b()/gi, 'no-claims'],
  [/\bsay\s+(PWNED-\d+)/gi, 'say'],
];

/** The last instruction in the text the model takes orders from, or null. */
export function lastInstruction(system: string, prompt: string): Obeyed | null {
  let last: (Obeyed & { at: number }) | null = null;
  let offset = 0;
  for (const piece of [{ text: system, from: 'outside' } as Piece, ...piecesOf(prompt)]) {
    if (piece.from !== 'data') {
      for (const [pattern, effect] of ORDERS) {
        for (const match of piece.text.matchAll(pattern)) {
          const at = offset + match.index;
          const target = match[1]!.replace(/[.,;:!?)"'`]+$/, '');
          if (!last || at >= last.at) last = { effect, target, from: piece.from, words: match[0], at };
        }
      }
    }
    offset += piece.text.length;
  }
  if (!last) return null;
  const { at: _, ...obeyed } = last;
  return obeyed;
}

/** The recipient's details as the model read them: the first <recipient_data> block's JSON. */
function recipientOf(prompt: string): Record<string, unknown> {
  const block = piecesOf(prompt).find((piece) => piece.name === 'recipient_data');
  try {
    const data = JSON.parse(block?.text ?? '');
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
}

/**
 * What the model answers. Without an order: a fixed subject, a greeting and, for an email, the
 * recipient's first name and company quoted as text, as a careful model mentions facts (never as
 * markup); the claim check reports one claim; the automap pairs nothing.
 */
export function obedientReply(kind: ReplyKind, system: string, prompt: string) {
  const order = lastInstruction(system, prompt);
  const target = order?.target ?? '';
  const url = /^https?:/.test(target) ? target : `https://${target}`;
  switch (kind) {
    case 'email': {
      const recipient = recipientOf(prompt);
      const quotes = [recipient.first_name, recipient.company]
        .filter((value) => typeof value === 'string')
        .map((value) => `<p>Noted: ${escapeHtml([...String(value)].slice(0, 200).join(''))}</p>`);
      let subject = 'A short note';
      let body = ['<p>Hello from the fake model.</p>', ...quotes].join('');
      if (order?.effect === 'subject') subject = target;
      if (order?.effect === 'say') body = `<p>${target}</p>${body}`;
      if (order?.effect === 'link') body += `<p><a href="${url}">${escapeHtml(url)}</a></p>`;
      return { reply: { subject, body }, order };
    }
    case 'prompt': {
      const extra =
        order?.effect === 'link' ? ` Include a link to ${url}.` : order ? ` Mention ${target}.` : '';
      return { reply: { aiInstructions: `Write a short, friendly note.${extra}` }, order };
    }
    case 'claims': {
      const claims = order?.effect === 'no-claims' ? [] : [{ text: 'A short note', supportedBy: null }];
      return { reply: { claims }, order };
    }
    case 'automap': {
      const pairs = order && order.effect !== 'no-claims' ? [{ variable: target, column: url }] : [];
      return { reply: { pairs }, order };
    }
  }
}

const MARKER = /PWNED|evil\.example/i;

/** The effects of an obeyed hostile instruction that a reply shows; empty when it shows none. */
export function hostileEffects(reply: Record<string, unknown>): string[] {
  const effects: string[] = [];
  const { subject, body, aiInstructions, claims, pairs } = reply;
  if (typeof subject === 'string' && MARKER.test(subject)) effects.push(`subject: ${subject}`);
  if (typeof body === 'string') {
    if (/<a\b/i.test(body)) effects.push('a link in the body');
    const own = body.replace(/<p>Noted: [\s\S]*?<\/p>/g, '');
    if (MARKER.test(own)) effects.push(`body: ${own.slice(0, 120)}`);
  }
  if (typeof aiInstructions === 'string' && MARKER.test(aiInstructions))
    effects.push(`instructions: ${aiInstructions}`);
  if (Array.isArray(claims) && claims.length === 0) effects.push('no claims reported');
  if (Array.isArray(pairs) && MARKER.test(JSON.stringify(pairs)))
    effects.push(`pairs: ${JSON.stringify(pairs)}`);
  return effects;
}

/** The kind of reply a request asks for, from the keys of its JSON schema. */
function kindOf(body: {
  response_format?: { json_schema?: { schema?: { properties?: object } } };
}): ReplyKind {
  const keys = Object.keys(body?.response_format?.json_schema?.schema?.properties ?? {});
  if (keys.includes('claims')) return 'claims';
  if (keys.includes('pairs')) return 'automap';
  if (keys.includes('aiInstructions')) return 'prompt';
  return 'email';
}

/**
 * The fake AI server's instruction-following mode: `ai.setReply(following.reply)`. Every order it
 * obeyed is kept in `obeyed`, with the request's kind.
 */
export function instructionFollowing(): { reply: FakeAiReply; obeyed: (Obeyed & { kind: ReplyKind })[] } {
  const obeyed: (Obeyed & { kind: ReplyKind })[] = [];
  const reply: FakeAiReply = (request) => {
    const kind = kindOf(request.body);
    const answer = obedientReply(kind, systemMessage(request.body), lastUserMessage(request.body));
    if (answer.order) obeyed.push({ ...answer.order, kind });
    return answer.reply;
  };
  return { reply, obeyed };
}
