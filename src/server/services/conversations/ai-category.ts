import type { AiModels } from '../../ai/ai-models';
import { categorizeAnswer } from '../../ai/categorize-answer';
import type { Db } from '../../db/client';
import { setAiCategory } from '../../queries/inbox';
import type { RuledCategory } from './reply-category';

/** Reads what a person's answer means; null when it cannot tell. */
export type AnswerReader = (answer: {
  subject: string;
  text: string;
  receivedAt: Date;
}) => Promise<RuledCategory | null>;

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]{2,}$/u;
const DAY_MS = 86_400_000;

/**
 * The AI provider as an AnswerReader. What it answers is checked before it is kept: a day to
 * write again must be a real day after the answer and within two years, and a colleague's
 * address must be one the answer itself contains — the model may not make one up.
 */
export function aiAnswerReader(models: AiModels): AnswerReader {
  return async ({ subject, text, receivedAt }) => {
    const out = await categorizeAnswer(models, {
      subject,
      text,
      receivedOn: receivedAt.toISOString().slice(0, 10),
    });
    if (out.category === 'unclear') return null;
    const until = out.category === 'not-now' ? dayAfter(out.notNowUntil, receivedAt) : null;
    const address = out.colleagueAddress?.trim() ?? '';
    const colleagueAddress =
      out.category === 'wrong-person' &&
      EMAIL.test(address) &&
      text.toLowerCase().includes(address.toLowerCase())
        ? address
        : null;
    return { category: out.category, until, colleagueAddress };
  };
}

function dayAfter(day: string | null, receivedAt: Date): Date | null {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return null;
  const ahead = date.getTime() - receivedAt.getTime();
  return ahead > -DAY_MS && ahead < 731 * DAY_MS ? date : null;
}

/** How many answers are read at once: a sync's batch may hold hundreds. */
const AT_ONCE = 4;

/**
 * Gives each answer the reader's category, unless someone gave it one meanwhile; each kept in
 * the answer's record as the AI's. An answer the reader fails on keeps none: counted, not retried.
 */
export async function categorizeUnplaced(
  db: Db,
  reader: AnswerReader,
  answers: { userId: number; sourceKey: string; subject: string; text: string; receivedAt: Date }[],
  now: () => Date = () => new Date(),
): Promise<{ categorized: number; failed: number }> {
  let categorized = 0;
  let failed = 0;
  let next = 0;
  const work = async () => {
    while (next < answers.length) {
      const answer = answers[next++]!;
      try {
        const ruled = await reader(answer);
        if (ruled && (await setAiCategory(db, answer.userId, answer.sourceKey, ruled, now()))) categorized++;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, answers.length) }, work));
  return { categorized, failed };
}
