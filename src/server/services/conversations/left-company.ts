import { normalise } from './opt-out';

/**
 * "No longer with the company, please contact X": the recipient has left, so their follow-ups stop
 * and the colleague named instead is shown (docs/product.md §12). Neither a reply nor an absence.
 * In English, German, French, Spanish, Italian, Dutch and Portuguese; phrases lower-case and
 * without accents, as opt-out.ts writes them.
 */
const LEFT = [
  // English
  'no longer (with|at|works? (at|for|with|here)|employed (at|by|with)|part of|a member of)',
  'has left (the|our|this) (company|organi[sz]ation|firm|business|team)',
  '(have|has) left (acme|the company|us)',
  'left the company',
  "(i have|i've) left",
  '(this )?(mailbox|inbox|e-?mail address|account) is no longer (monitored|active|in use|read)',
  // German
  'nicht mehr (fur|bei) .{1,60} (tatig|beschaftigt)',
  'nicht mehr (im unternehmen|in unserem unternehmen|bei uns|fur (uns|unser unternehmen|die firma)|in der firma|tatig|beschaftigt|im haus|mitarbeiter)',
  '(hat|habe) (das unternehmen|unser unternehmen|die firma|unser haus) verlassen',
  '(ist|bin) (aus dem unternehmen )?ausgeschieden',
  '(bin|arbeite) .{0,30}nicht mehr (bei|in|fur)',
  // French
  'ne fait plus partie',
  'ne travaille plus',
  "j'ai quitte",
  "n'est plus (chez|dans|en poste|employe|employee|salarie|salariee|au sein)",
  "a quitte (la societe|l'entreprise|notre societe|notre entreprise|le groupe)",
  // Spanish
  'ya no (trabaja|forma parte|esta en|pertenece)',
  '(ha dejado|dejo) (la empresa|la compania|nuestra empresa)',
  'ya no esta con nosotros',
  'ya no trabajo',
  'he dejado (la|el|de)',
  // Italian
  'non (lavora|fa|lavoro|faccio) piu',
  'ho lasciato',
  'non e piu (in|presso|con|dipendente)',
  "ha lasciato (l'azienda|la societa|la nostra azienda)",
  // Dutch
  'niet meer (werkzaam|in dienst|bij|verbonden aan)',
  'is uit dienst',
  'werkt (hier )?niet meer',
  'werk .{0,40}niet meer (bij|voor)',
  'heeft (ons|het bedrijf|de organisatie) verlaten',
  // Portuguese
  'ja nao (trabalha|faz parte|esta (na|no|com))',
  'nao (trabalha|faz parte|esta) mais',
  'nao (faz|esta) mais (parte|na|no|com)',
  '(ja nao trabalho|nao trabalho mais|deixei a|sai da)',
  '(deixou|saiu d)(a| a) (empresa|companhia|organizacao)',
].map((p) => new RegExp(`(?<![\\p{L}])${p.replace(/ /g, '\\s+')}(?![\\p{L}])`, 'u'));

/** What comes before the colleague: "please contact", "wenden Sie sich an", "contactez", … */
const CONTACT_CUE =
  /(?<![\p{L}])(contact|reach out to|write to|get in touch with|forward (it|your (e-?mail|message)) to|wenden sie sich (bitte )?an|kontaktieren sie|an meine kollegin|an meinen kollegen|schreiben sie an|contactez|contacter|adressez-vous a|ecrivez a|contacte con|contactar con|escriba a|dirijase a|contattare|contatti|scrivere a|rivolgersi a|contacteer|neem contact op met|mail naar|contacte|contactar|entre em contato com|fale com|escreva para)(?![\p{L}])/u;

const EMAIL = /[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/u;
/** Up to four capitalised words: "Dana Whitfield", "Jean-Luc Dubois", "Ana de Sousa". */
const NAME =
  /^[\s:,]*(?:(?:my|our|his|her|their) colleague |(?:meine?|unsere?) (?:kollegin|kollegen) |(?:mon|ma|notre) (?:collegue) |(?:mi|mia|nuestra|nuestro|il mio|la mia|mijn|onze|o meu|a minha) (?:colega|collega) )?((?:\p{Lu}[\p{L}'’-]+)(?:\s+(?:(?:de|da|van|von|der|den|di|del|dos|das|le|la)\s+)?\p{Lu}[\p{L}'’-]+){0,3})/u;

export type LeftCompany = { colleagueName: string | null; colleagueAddress: string | null };

/**
 * Whether `newText` says its recipient has left, and the colleague it names instead (a name, an
 * address, both or neither). `own` is the address the message came from, which is never the
 * colleague.
 */
export function leftCompany(newText: string, own: string | null): LeftCompany | null {
  const plain = normalise(newText);
  if (!LEFT.some((p) => p.test(plain))) return null;
  // Found on the text as written (normalise keeps lengths only for ASCII), after the cue if any.
  const cue = CONTACT_CUE.exec(plain);
  const after = cue ? newText.slice(cue.index + cue[0].length) : '';
  const address = firstOtherAddress([EMAIL.exec(after)?.[0], ...addressesIn(newText)], [own]);
  const name = cue ? (NAME.exec(after)?.[1] ?? null) : null;
  return {
    colleagueName: name ? name.slice(0, 100) : null,
    colleagueAddress: address,
  };
}

/** Every email address written in `text`, in order. */
export function addressesIn(text: string): string[] {
  return [...text.matchAll(new RegExp(EMAIL.source, 'gu'))].map((m) => m[0]);
}

/**
 * The first of `candidates` that is none of `excluded` (the writer's own address, the sender's),
 * without the punctuation a sentence put after it: whom a message names to write to instead.
 */
export function firstOtherAddress(
  candidates: (string | undefined)[],
  excluded: (string | null)[],
): string | null {
  const mine = excluded.filter((a): a is string => a !== null).map((a) => a.toLowerCase());
  const address = candidates.find((a) => a !== undefined && !mine.includes(a.toLowerCase()));
  return address ? address.replace(/[.,;:]+$/, '').slice(0, 320) : null;
}
