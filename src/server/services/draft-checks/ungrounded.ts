import type { Finding } from '../../../contract/draft-findings';
import type { SenderProfileForPrompt } from '../../ai/prompts/sender-profile';
import { acquaintanceClaimFindings } from './acquaintance-claims';
import { type SourceValues, sourceValues } from './amounts';
import { keyText } from './claim-words';
import { eventClaimFindings } from './event-claims';
import { capitalisesNouns, groundingFindings } from './grounding';
import { neverClaimFindings } from './never-claims';
import { offerDeadlineFindings } from './offer-deadlines';
import { placeClaimFindings } from './place-claims';
import { placesGiven } from './places';
import { rowCountFindings } from './row-counts';
import { senderCustomerFindings } from './sender-claims';

/**
 * The cheap ungrounded check of an AI draft: the amounts and names nothing the AI was given
 * supports (grounding.ts), then the classes of invented facts that hold no such name or number,
 * or hide it where a name cannot be told from a noun: places given as the recipient's, events
 * told by their nouns, referrals and meetings nobody had, the sender's customers and never-claims,
 * counts the row gives otherwise, deadlines the offer does not have. Where two rules point at the
 * same words, the first finding stands.
 */
export function ungroundedFindings(
  draft: {
    subject: string;
    recipientEmail: string;
    row: Record<string, string | null>;
    aiSources: string;
    senderProfile?: SenderProfileForPrompt | null;
  },
  bodyText: string,
  rowValues: readonly string[],
): Finding[] {
  const shared = sharedSources(draft.aiSources, draft.senderProfile);
  const rowText = [...rowValues, ...percentagesOf(draft.row), draft.recipientEmail].join('\n').toLowerCase();
  const sources = `${rowText}\n${shared.all}`;
  const values = sourceValues(rowText);
  for (const v of shared.values.any) values.any.add(v);
  for (const v of shared.values.percent) values.percent.add(v);
  for (const v of shared.values.money) values.money.add(v);
  // A surname is no town: "Sarah Preston" does not put the recipient in Lancashire.
  const placeValues = Object.entries(draft.row)
    .filter(([column, value]) => value && !PERSON_COLUMN.test(column.trim()))
    .map(([, value]) => value!);
  const places = placesGiven(placeValues, shared.all);
  // What is said of the recipient rests on the row and the prompt: the sender's opening in Leeds
  // does not make "the opening of your Leeds office" given.
  const recipientPlaces = placesGiven(placeValues, shared.prompt);
  const keyedRow = keyText(rowText);
  const keyedAboutRecipient = `${keyedRow}${shared.keyedPrompt}`;
  const nounsCapitalised = capitalisesNouns(`${draft.subject}\n${bodyText}`);
  const all = [
    ...groundingFindings(draft.subject, bodyText, sources, places, values, [
      ...recipientNames(draft.row),
      ...(draft.senderProfile?.company ? [draft.senderProfile.company] : []),
    ]),
    ...placeClaimFindings(draft.subject, bodyText, keyedAboutRecipient, recipientPlaces, {
      keyedSources: `${keyedRow}${shared.keyedAll}`,
      given: places,
    }),
    ...eventClaimFindings(draft.subject, bodyText, keyedAboutRecipient),
    ...acquaintanceClaimFindings(draft.subject, bodyText, `${keyedRow}${shared.keyedAll}`, nounsCapitalised),
    ...senderCustomerFindings(
      draft.subject,
      bodyText,
      sources,
      places,
      nounsCapitalised,
      draft.senderProfile?.company,
    ),
    ...neverClaimFindings(draft.subject, bodyText, draft.senderProfile),
    ...rowCountFindings(draft.subject, bodyText, draft.row, values),
    ...offerDeadlineFindings(draft.subject, bodyText, `${keyedRow}${shared.keyedAll}`),
  ];
  const seen = new Set<string>();
  return all.filter((f) => {
    const key = f.span ? `${f.span.field}:${f.span.text.toLowerCase()}` : f.reason;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

type SharedSources = {
  /** Everything the AI was given besides the row, lower-cased. */
  all: string;
  /** The same without the sender's profile: what it was told about recipients. */
  prompt: string;
  keyedAll: string;
  keyedPrompt: string;
  values: SourceValues;
};

/**
 * A campaign step's drafts share what their AI was given: it is read once, not once a draft
 * (100,000 drafts would read a long prompt 100,000 times).
 */
const sharedCache = new Map<
  string,
  { profile: SenderProfileForPrompt | null | undefined; shared: SharedSources }
>();

function sharedSources(aiSources: string, profile: SenderProfileForPrompt | null | undefined): SharedSources {
  const cached = sharedCache.get(aiSources);
  if (cached && cached.profile === profile) return cached.shared;
  const all = aiSources.toLowerCase();
  const prompt = withoutProfile(all, profile);
  const shared = {
    all,
    prompt,
    keyedAll: keyText(all),
    keyedPrompt: keyText(prompt),
    values: sourceValues(all),
  };
  if (sharedCache.size >= 32) sharedCache.clear();
  sharedCache.set(aiSources, { profile, shared });
  return shared;
}

/** What the AI was given without the sender's profile, whose text the product adds to it. */
function withoutProfile(aiSources: string, profile: SenderProfileForPrompt | null | undefined) {
  if (!profile) return aiSources;
  const { neverClaim: _never, proofPoints = [], ...rest } = profile;
  let left = aiSources;
  for (const text of [...Object.values(rest), ...proofPoints])
    if (text?.trim()) left = left.split(text.toLowerCase()).join(' ');
  return left;
}

/** Columns that hold a person's name or form of address, in the four languages. */
const PERSON_COLUMN =
  /^(?:(?:first|last|given|family|full|middle|sur|contact)[ _-]?name|name|surname|vorname|nachname|pr[ée]nom|nom|nom[ _-]de[ _-]famille|nombre|apellidos?|anrede|civilit[ée]|title|salutation|tratamiento)$/i;

/** The row's values that name the recipient or their company: a sentence with one is about them. */
const recipientNames = (row: Record<string, string | null>) =>
  Object.entries(row)
    .filter(([column, value]) => value && value.length >= 3 && NAMING_COLUMN.test(column.trim()))
    .map(([, value]) => value!);
const NAMING_COLUMN =
  /name|company|firm|organi[sz]ation|employer|school|practice|business|brand|firma|unternehmen|kanzlei|betrieb|praxis|schule|soci[ée]t[ée]|entreprise|cabinet|[ée]cole|enseigne|empresa|despacho|colegio|negocio|nombre|pr[ée]nom|^nom$|vorname|nachname|apellidos?/i;

/** Columns that hold a rate: their numbers are percentages though written bare ("15"). */
const PERCENT_COLUMN = /pct|percent|prozent|porcentaje|pourcentage|rate|quote|tasa|taux|%/i;

const percentagesOf = (row: Record<string, string | null>) =>
  Object.entries(row)
    .filter(([column, value]) => value && PERCENT_COLUMN.test(column) && !/%/.test(value))
    .map(([, value]) => `${value} %`);
