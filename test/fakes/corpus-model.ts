import { decodeEntities } from '../../src/server/services/draft-checks/draft-text';
import type { CampaignWithSender } from '../support/ai-corpus';
import { escapeHtml, type FakeAiReply, isClaimCheck, lastUserMessage } from './ai-server';

/** The sentence the model invents in the second draft of each campaign: no row, prompt or profile holds 317. */
export const INVENTED = 'Your team grew 317% last year.';

/**
 * A model that writes the labelled corpus's drafts by rule, for the tests of the evaluation
 * scripts, so they know what the checks must find. It knows each row by the recipient's address
 * in the prompt, greets them with the row's first value, names its second and the campaign's
 * first proof point, and in each campaign's second draft states INVENTED. Reading claims, it
 * lists that sentence as unsupported and nothing else. `unreadable`: the address whose draft it
 * answers with what is not JSON.
 */
export function corpusModel(campaigns: readonly CampaignWithSender[], unreadable?: string): FakeAiReply {
  const rows = new Map(
    campaigns.flatMap((campaign) =>
      campaign.drafts.map((draft, index) => [draft.recipientEmail, { campaign, draft, index }] as const),
    ),
  );
  return (request) => {
    const prompt = lastUserMessage(request.body);
    if (isClaimCheck(request))
      return {
        claims: decodeEntities(prompt).includes(INVENTED) ? [{ text: INVENTED, supportedBy: null }] : [],
      };
    const email = /"email":\s*"([^"]+)"/.exec(prompt)?.[1];
    const known = email ? rows.get(email) : undefined;
    if (!known) return undefined;
    if (email === unreadable) return 'not json';
    const values = Object.values(known.draft.row).filter((v): v is string => !!v);
    const proof = known.campaign.senderProfile?.proofPoints?.[0] ?? 'we can help';
    const html = (text: string) => escapeHtml(text);
    return {
      subject: `A note for ${values[0]}`,
      body:
        `<p>Hi ${html(values[0] ?? 'there')},</p><p>I am writing about ${html(values[1] ?? 'your work')}: ${html(proof)}.</p>` +
        (known.index === 1 ? `<p>${INVENTED}</p>` : ''),
    };
  };
}
