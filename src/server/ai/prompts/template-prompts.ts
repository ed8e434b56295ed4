import { senderBlock } from './sender-block';
import type { SenderProfileForPrompt } from './sender-profile';
import { SENDER_RULE, saysSomething } from './sender-rule';

const variableList = (variables: string[]) => variables.map((v) => `{{ ${v} }}`).join(', ');
/** The sender's block after the request, when Settings hold anything about the sender. */
const withSender = (prompt: string, sender: SenderProfileForPrompt | undefined) =>
  saysSomething(sender) ? `${prompt}\n\n${senderBlock(sender)}` : prompt;

export const TEMPLATE_WRITER_SYSTEM_PROMPT = `You write reusable email templates for outreach campaigns.
Use Liquid placeholders for personal details exactly as given, e.g. {{ first_name }}. You may give a fallback like {{ first_name | default: "there" }}.
Reply with a subject line template (plain text) and a body template in simple HTML (<p>, <br>, <strong>, <em>, <ul>, <ol>, <li>, <a href>). No signature, no unsubscribe footer.
${SENDER_RULE}`;

export function templateWriterPrompt(
  description: string,
  variables: string[],
  sender?: SenderProfileForPrompt,
) {
  return withSender(
    `Write an email template for this purpose:\n<description>\n${description.trim()}\n</description>\n\nPlaceholders you may use: ${variableList(variables)}.`,
    sender,
  );
}

export const PROMPT_WRITER_SYSTEM_PROMPT = `You write instructions ("prompts") that another AI model will follow to write one personalised email per recipient.
The instructions must say: the goal of the email, the tone, the length, what to mention from the recipient's details (named by their variable names), what to avoid, and the call to action.
Write them as clear second-person instructions in plain text. Reply with the instructions only.
${SENDER_RULE} The other model gets the same <sender> block with every email, so the instructions may tell it which of those facts to use; they must not add facts about the sender.`;

export function promptWriterPrompt(
  description: string,
  variables: string[],
  sender?: SenderProfileForPrompt,
) {
  return withSender(
    `Write email-writing instructions for this campaign:\n<description>\n${description.trim()}\n</description>\n\nRecipient details available for each email: ${variables.join(', ')}.`,
    sender,
  );
}
