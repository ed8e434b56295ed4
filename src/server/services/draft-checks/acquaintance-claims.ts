import type { Finding } from '../../../contract/draft-findings';
import { sentencesOf } from './claim-context';
import { hasPhrase, keyText } from './claim-words';
import { ungroundedFinds } from './ungrounded-finds';

/**
 * A past contact that no source has: a referral by someone ("Tom Ellery suggested I get in
 * touch", "our mutual friend Lena Fischer", "Herr Anton Mayr hat mir empfohlen", "nuestro contacto
 * común, Javier Soler") or a meeting with the recipient ("great to meet you at SaaStr", "the
 * conversation we started at…", "schön, dass wir uns auf der bauma unterhalten konnten"). A model
 * invents these to sound warm; the reader knows at once they are false.
 */

/**
 * Cues that someone put the sender in touch with this recipient. Without a name, these alone say
 * a referral happened.
 */
const REFERRAL = new RegExp(
  [
    // English
    'suggested (?:that )?(?:I|we) (?:get in touch|reach out|contact|write|e-?mail|drop|speak|talk|connect)',
    'recommended (?:that )?(?:I|we) (?:get in touch|reach out|contact|write|speak|talk)',
    '(?:passed on|gave me|shared) your (?:name|details|contact|e-?mail)',
    'put (?:me|us) in touch',
    '(?:mutual|common) (?:friend|contact|acquaintance|connection|colleague)',
    'referred (?:me|us) to you',
    'asked me to (?:reach out|get in touch|contact you|write)',
    // German
    '(?:hat|habe|haben) (?:mir|uns) (?:empfohlen|geraten|vorgeschlagen|nahegelegt), (?:mich|uns) (?:bei Ihnen|an Sie)',
    'gemeinsame[rn]? (?:Bekannte[rn]?|Freund(?:in)?|Kolleg(?:e|in))',
    '(?:gab|hat) (?:mir|uns) Ihren (?:Namen|Kontakt)',
    // French
    "m['’]a (?:suggéré|conseillé|recommandé|proposé) de vous",
    '(?:ami|amie|connaissance|relation)s? commune?s?',
    "(?:m['’]a|nous a) (?:donné|transmis|communiqué) vos coordonnées",
    // Spanish
    'me (?:sugirió|recomendó|aconsejó|pidió) que (?:le|te|les) (?:escribiera|contactara|llamara|escriba)',
    '(?:amig[oa]|contacto|conocid[oa])s? (?:en )?común',
    'me (?:dio|pasó|facilitó) (?:su|tu) (?:contacto|nombre|correo)',
  ].join('|'),
  'iu',
);

/**
 * Cues of a recommendation that count only with a person named: "auf Empfehlung von Herrn
 * Mayr"; "many practices come to us on colleagues' recommendation" names no one and states no
 * referral of this recipient.
 */
const REFERRAL_BY = new RegExp(
  [
    'on (?:the )?recommendation of',
    'recommended (?:me|us|you)',
    '(?:hat|habe|haben) (?:mir|uns) (?:empfohlen|geraten|vorgeschlagen|nahegelegt)',
    'empfahl (?:mir|uns)',
    'auf Empfehlung (?:von|des|der)',
    "m['’]a (?:suggéré|conseillé|recommandé|proposé)",
    'sur (?:la )?recommandation de',
    'de la part de',
    'me (?:sugirió|recomendó|aconsejó|pidió)',
    'por recomendación de',
    'de parte de',
  ].join('|'),
  'iu',
);

/** Cues that the sender met or spoke with the recipient before, the occasion following. */
const MEETING = new RegExp(
  [
    // English
    '(?:great|good|nice|lovely|pleasure|glad|enjoyed) (?:to )?(?:meet|meeting|see|seeing|chat|chatting|talk|talking|speak|speaking|catch(?:ing)? up)(?: (?:with )?you)?(?= (?:at|during|in|on|last)(?![\\p{L}]))',
    '(?:we|I) (?:met|spoke|talked|chatted)(?= (?:at|during|on|in|last)(?![\\p{L}]))',
    '(?:our (?:conversation|chat|discussion|exchange)|the (?:conversation|chat|discussion) we (?:started|had))(?= (?:at|during|in|on|last)(?![\\p{L}]))',
    '(?:since|when|after) we (?:met|spoke|talked|chatted)',
    '(?:following|further to|after) our (?:conversation|chat|call|meeting|talk|discussion|exchange)',
    'pick up where we left off',
    // German
    '(?:schön|nett|gut|toll|freut mich)[^.!?\\n]{0,60}?(?:getroffen|kennengelernt|kennen gelernt|unterhalten|gesprochen|gesehen)',
    'unser(?:em|es)? (?:Gespräch|Austausch|Treffen|Telefonat)(?= (?:auf|bei|in|am|im|letzte)(?![\\p{L}]))',
    '(?:als|wo|seit) wir uns (?:auf|bei|in|im|am)',
    // French
    '(?:ravie?|heureux|heureuse|contente?|plaisir) (?:de )?(?:vous )?(?:avoir )?(?:rencontrée?|croisée?|vue?|échangé|parlé)',
    "notre (?:échange|conversation|rencontre|discussion|entretien)(?= (?:lors|à|au|pendant|d['’]hier)(?![\\p{L}]))",
    'suite à notre (?:échange|rencontre|conversation|appel|entretien|discussion)',
    "(?:nous nous sommes|on s[’']est) (?:rencontrés|croisés|vus|parlé)",
    // Spanish
    '(?:encantad[oa]|un placer|me alegró|fue un placer|gusto) (?:de )?(?:conocerl[ea]|conocerte|verl[ea]|verte|hablar|charlar|coincidir)',
    'nuestra (?:conversación|charla|reunión)(?= (?:en|durante|del)(?![\\p{L}]))',
    'cuando nos (?:conocimos|vimos|encontramos)',
    'tras nuestra (?:conversación|charla|reunión|llamada)',
  ].join('|'),
  'iu',
);

/** A person's name: after a title, or two or three capitalised words. */
const PERSON =
  /(?:(?<![\p{L}])(?:Mr|Mrs|Ms|Dr|Prof|Herrn?|Frau|M|Mme|Monsieur|Madame|Sr|Sra|Señor|Señora|[Dd]on|[Dd]oña)\.?[ \t]+(?<titled>\p{Lu}[\p{L}'’-]+(?:[ \t]+\p{Lu}[\p{L}'’-]+){0,2})|(?<![\p{L}])(?<named>\p{Lu}\p{Ll}[\p{L}'’-]*(?:[ \t]+\p{Lu}\p{Ll}[\p{L}'’-]*){1,2}))/gu;

/**
 * A meeting still to come is an invitation, not a claim: "it would be great to meet you at the
 * gala", "ich würde mich freuen", "serait ravi de vous rencontrer", "estaría encantada de conocerle".
 */
const NOT_YET =
  /(?<![\p{L}])(?:would|['’]d|will|shall|hope|look(?:ing)? forward|next|soon|würde\p{L}*|wäre|werden|wird|hoffe\p{L}*|nächste\p{L}*|bald|serai\p{L}*|serions|sera|espère|prochain\p{L}*|bientôt|aimerai\p{L}*|estaría\p{L}*|sería\p{L}*|encantaría\p{L}*|gustaría\p{L}*|podría\p{L}*|será|espero|próxim\p{L}*|pronto)(?![\p{L}])/iu;

/** Words that tell nothing of an occasion: articles, prepositions, times. */
const NOT_OCCASION = new Set(
  (
    'the a an and or of at in on to for with by from last this that week month year yesterday ago recently ' +
    'der die das dem den des ein eine einem einer und oder auf bei im am an zu mit von vom letzte letzten ' +
    'letzter woche monat jahr kurz gestern dass wir uns ' +
    'le la les un une des du de et ou au aux en lors dernier derniere semaine mois annee hier ' +
    'el los las una unos del y o durante pasado pasada semana mes ano ayer ' +
    'january february march april may june july august september october november december ' +
    'januar februar marz mai juni juli oktober dezember janvier fevrier mars avril juin juillet aout ' +
    'septembre octobre novembre decembre enero febrero marzo abril mayo junio julio agosto septiembre ' +
    'octubre noviembre diciembre'
  ).split(' '),
);

/** Words that show the sources speak of a meeting or a referral at all. */
const CONTACT_GIVEN = [
  ' met ',
  ' meeting',
  ' spoke',
  ' referr',
  ' recommend',
  ' getroffen',
  ' empfehl',
  ' empfohl',
  ' rencontr',
  ' recommand',
  ' conoc',
  ' recomend',
];

/** Whether most words of an occasion ("the Northern Accountancy Expo") are in the sources. */
function occasionGiven(occasion: string, keyedSources: string) {
  const words = keyText(occasion)
    .trim()
    .split(' ')
    .filter((w) => w.length >= 3 && !NOT_OCCASION.has(w));
  if (words.length === 0) return CONTACT_GIVEN.some((w) => keyedSources.includes(w));
  return words.filter((w) => keyedSources.includes(` ${w} `)).length >= words.length / 2;
}

export function acquaintanceClaimFindings(
  subject: string,
  bodyText: string,
  /** Everything the AI was given, as keyText gives it. */
  keyedSources: string,
  /** Whether the text capitalises every noun (German), so two capitals are no name. */
  nounsCapitalised: boolean,
): Finding[] {
  const { found, flag } = ungroundedFinds();
  for (const [field, text] of [
    ['subject', subject],
    ['body', bodyText],
  ] as const) {
    // Most drafts claim no past contact: they are read once, not sentence by sentence.
    if (!REFERRAL.test(text) && !REFERRAL_BY.test(text) && !MEETING.test(text)) continue;
    for (const sentence of sentencesOf(text)) {
      const referral = REFERRAL.exec(sentence.text);
      if (referral || REFERRAL_BY.test(sentence.text)) {
        const people = [...sentence.text.matchAll(PERSON)]
          .map((m) => m.groups!.titled ?? (nounsCapitalised ? undefined : m.groups!.named))
          .filter((name): name is string => !!name && !hasPhrase(keyedSources, name))
          .filter((name) => !name.split(/\s+/).every((w) => hasPhrase(keyedSources, w)));
        for (const person of people)
          flag(
            field,
            person,
            `"${person}" is named as who put you in touch, but nothing you gave the AI names them`,
          );
        if (referral && people.length === 0 && !CONTACT_GIVEN.some((w) => keyedSources.includes(w)))
          flag(field, referral[0], 'A referral that nothing you gave the AI mentions');
      }
      const meeting = NOT_YET.test(sentence.text) ? null : MEETING.exec(sentence.text);
      if (meeting) {
        const after = sentence.text.slice(meeting.index + meeting[0].length);
        const occasion = /^[^.,;:!?–—()\n]*/.exec(after)![0];
        const said = (meeting[0] + occasion).trim();
        if (!occasionGiven(said.replace(meeting[0], meetingWordsOnly(meeting[0])), keyedSources))
          flag(field, said, `"${said}": a meeting with the recipient that nothing you gave the AI mentions`);
      }
    }
  }
  return found;
}

/**
 * The words of a meeting cue that may name its occasion: the German cue holds it ("auf der bauma
 * in München … unterhalten"); the others end before it.
 */
const meetingWordsOnly = (cue: string) =>
  /(?:getroffen|kennengelernt|kennen gelernt|unterhalten|gesprochen|gesehen)$/i.test(cue)
    ? cue.replace(
        /^(?:schön|nett|gut|toll|freut mich)|(?:getroffen|kennengelernt|kennen gelernt|unterhalten|gesprochen|gesehen)$/gi,
        '',
      )
    : '';
