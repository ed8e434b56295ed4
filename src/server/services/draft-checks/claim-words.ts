/**
 * Words the class checks share, in the four languages the product writes (English, German,
 * French, Spanish): how a sentence speaks to the recipient, of the sender, or only supposes.
 */

/** A text without case or accents, every run of other characters one space, with a space each end. */
export function keyText(text: string): string {
  return ` ${text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/** Whether `phrase` occurs in `text` as whole words, without case or accents (both keyText'd). */
export const hasPhrase = (keyedText: string, phrase: string) => keyedText.includes(keyText(phrase));

/**
 * "Your" as the recipient's: English, French, Spanish (whose "su" is the polite "your" in these
 * emails) and German, whose "Ihr" says "your" only with its capital ("ihr" is "her" or "their").
 */
export const YOUR = '(?:[Yy]our|[Vv]otre|[Vv]os|[Ss]us?|[Vv]uestr[oa]s?|[Tt]us?|Ihr(?:e[mnrs]?)?)';

/** "Our" of the sender. */
export const OUR = '(?:[Oo]ur|[Nn]otre|[Nn]os|[Uu]nser(?:e[mnrs]?)?|[Nn]uestr[oa]s?)';

/** Praise for an event, which makes what follows a fact about the recipient by construction. */
export const CONGRATULATING =
  /\b(?:congratulations|congrats|kudos|well done|glückwunsch\p{L}*|gratulier\p{L}*|félicit\p{L}*|bravo|enhorabuena|felicidades|felicit\p{L}*)/iu;

/** A supposition or a question does not state a fact: "if your team…", "wenn Sie…", "si vous…". */
export const SUPPOSING =
  /(?:^|[^\p{L}])(?:if|unless|whether|wenn|falls|ob|si|en caso de)(?![\p{L}])|\?\s*$/iu;

/**
 * The recipient spoken to in any of the four languages: "you", "your"; "Sie", "Ihnen", "Ihr…"
 * (capitalised); "vous", "votre", "tu", "te"; "usted", "su", "tu", "te", "os". Spanish "su" is also
 * "his" or "their": a sentence with it is read as speaking to the recipient, the cautious side.
 */
export const SPEAKS_TO_RECIPIENT =
  /(?<![\p{L}])(?:[Yy]ou(?:rs?|rself)?|Sie|Ihnen|Ihr(?:e[mnrs]?)?|[Vv]ous|[Vv]otre|[Vv]os|[Tt]on|[Tt]es|[Tt]oi|[Uu]sted(?:es)?|[Ss]us?|[Tt]us?|[Tt]e|[Tt]i|[Vv]uestr[oa]s?|[Oo]s)(?![\p{L}])/u;
