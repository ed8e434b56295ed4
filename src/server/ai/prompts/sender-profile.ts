/**
 * What the AI is told about the sender, the same for the writer and the claim check: the writer
 * may state these facts about the sender and no others, and the check accepts a claim they state.
 * A plain object, so whatever keeps the sender's profile can hand it over without this folder.
 */
export type SenderProfileForPrompt = {
  name?: string;
  title?: string;
  company?: string;
  website?: string;
  whatWeDo?: string;
  offer?: string;
  /** Facts about the sender the AI may state, each as the sender put it. */
  proofPoints?: string[];
  /** What the AI must never claim about the sender. */
  neverClaim?: string[];
};
