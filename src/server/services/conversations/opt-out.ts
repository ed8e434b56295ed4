/**
 * Whether the new text of a reply asks to be taken off the sender's list, in English, German,
 * French, Spanish, Italian, Dutch and Portuguese (docs/product.md §12). Precision first: a wrong
 * match suppresses someone who wanted to hear more, so a bare word counts only as a sentence of
 * its own, a phrase is cancelled by a negation or a "how to" in its clause, and "no", "not now"
 * or "no thanks" are never a request.
 *
 * Phrases are written lower-case and without accents (the text is matched the same way), as small
 * regular expressions: a space is any whitespace, "…" a few words within the same sentence.
 */

/** Requests on their own, as the last sentence of a line ("Stop.", "Bitte austragen.", "BAJA"). */
const BARE: string[] = [
  // English
  'stop',
  'unsubscribe( me)?',
  'remove( me)?',
  'opt( me)? out',
  'take me off',
  // German
  'stopp',
  'abmelden',
  'austragen',
  'abbestellen',
  'entfernen',
  '(bitte )?nicht mehr (kontaktieren|anschreiben|schreiben)',
  // French
  'desinscri(re|ption|vez-moi|s-moi)',
  'desabonne(r|ment|z-moi)',
  'retirez-moi',
  // Spanish
  'baja',
  '(dar|darme|denme|dame|deme) de baja',
  'borrar(me)?',
  // Italian
  'cancellami',
  'cancellatemi',
  'cancellazione',
  'rimuovimi',
  'rimuovetemi',
  'disiscrivimi',
  'disiscrivetemi',
  // Dutch
  'uitschrijven',
  'afmelden',
  'schrijf me uit',
  // Portuguese
  'remover',
  'remova-me',
  'removam-me',
  'descadastrar',
  'descadastre-me',
  'cancelar inscricao',
];

/** Words that soften a bare request without changing it: "Please unsubscribe, thanks". */
const FILLER =
  /(^|\s)(please|pls|plz|thanks|thank you|thx|bitte|danke|merci|s'il vous plait|svp|por favor|gracias|per favore|grazie|graag|alstublieft|aub|bedankt|dank u|obrigad[oa]|ok|hi|hello|hallo)(?=\s|$)/g;

/** Lists, databases and mailings one asks to be taken off ("your list", "Ihrem Verteiler"). */
const LIST =
  '(mailing ?list|e-?mail ?list|distribution list|list|lists|newsletter|database|contacts|records|systems?|mailings?|verteiler|e-?mail-?verteiler|mailingliste|liste|listen|listes|datenbank|kartei|adressliste|fichier|base de donnees|lista|listas|base de datos|mailing|banca dati|contatti|indirizzari|mailinglijst|lijst|bestand|adressenbestand|base de dados|cadastro)';

/** Mail, in the seven languages, for "no more emails" and "stop sending". */
const MAIL =
  '(e-?mails?|mails?|messages?|emails?|newsletters?|nachrichten|werbung|werbemails?|e-?mails|courriels?|correos?( electronicos?)?|mensajes?|comunicaciones|messaggi|comunicazioni|berichten|mailtjes|mensagens|comunicacoes)';

/** Phrases that ask, wherever they stand in a sentence; a negation before them cancels them. */
const REQUESTS: string[] = [
  // English
  'unsubscribe me',
  '(please|kindly|just) unsubscribe (me|us|my|this)',
  '(want|like|wish|need) to (unsubscribe|opt out|be removed|be taken off)',
  'opt me out',
  `(remove|delete|drop|take|strike) (me|my (e-?mail|address|e-?mail address|details|data|name|contact details|information|info)) (from|off) (your|this|the|all|any|every)( …)? ${LIST}`,
  'delete (my|all my) (details|data|personal data|information|contact details|e-?mail address|address)',
  `(stop|quit) (e-?mailing|emailing|mailing|writing to|contacting|spamming|messaging|sending) (me|us)`,
  `stop sending (me|us|these|them|this|those|your|emails|e-mails|messages|mails)`,
  '(want|get|be|go) off (this|your|the)( …)? list',
  `(no|not any) more ${MAIL}`,
  'unsubscribe (me )?from (your|this|these|the|all|any)( …)? (list|e-?mails|mailings?|newsletter|messages|campaign)',
  '(erasure|deletion) of (all )?(the )?(my )?(personal )?(data|details|information)',
  // German
  'mich( …)? (aus|von) (dem|der|den|ihrem|ihrer|ihren|eurem|eurer|deinem|deiner|diesem|dieser|allen)( …)? (verteiler|e-?mail-?verteiler|mailingliste|liste|datenbank|kartei|adressliste|newsletter)',
  '(melden|tragen|nehmen|streichen) sie mich( bitte)? (ab|aus|raus)',
  'mich( bitte)? (abmelden|austragen|streichen|entfernen|rausnehmen)',
  '(meine|alle meine) (daten|adresse|e-?mail-?adresse|kontaktdaten)( …)? (loschen|entfernen|streichen)',
  '(loschen|entfernen|streichen) sie( bitte)? (meine|alle meine) (daten|adresse|e-?mail-?adresse|kontaktdaten)',
  'nicht (weiter|mehr) (angeschrieben|kontaktiert|angemailt|angerufen|belastigt|angesprochen) (werden|zu werden)',
  'widerspreche( …)? (nutzung|verwendung|verarbeitung|speicherung|werbung|zusendung)',
  '(verlange|fordere|beantrage|bitte um)( …)? (die )?loschung',
  // French
  'desinscri(re|vez-moi|s-moi)',
  'desabonne(r|z-moi)',
  `(retirez|retirer|supprimez|supprimer|enlevez|enlever|rayez|rayer)(-moi| moi| mon adresse| mes coordonnees| mes donnees| mon e-?mail| mon courriel)( …)? (de|des) (votre|vos|cette|la|ces|toutes?)( …)? ${LIST}`,
  `(me|nous) (retirer|supprimer|desinscrire|desabonner|enlever|rayer) (de|des) (votre|vos|cette|la|ces|toutes?)( …)? ${LIST}`,
  "(arretez|cessez|arreter|cesser) de (m'|me |nous )(envoyer|ecrire|contacter|solliciter|spammer|relancer)",
  '(supprimez|supprimer|effacez|effacer) (mes donnees|mes coordonnees|mon adresse|mes informations)',
  // Spanish
  '(darme|denme|dame|deme|dadme|darnos|dennos) de baja',
  'me (den|des|deis|de|da|dan|dais) de baja',
  '(solicito|pido|solicitamos|pedimos|quiero|quisiera|deseo) (la|mi) baja',
  `(quitar|quitarme|quitenme|quiteme|sacar|sacarme|saquenme|saqueme|eliminar|eliminarme|eliminenme|elimineme|borrar|borrarme|borrenme|borreme) de (su|sus|vuestra|tu|esta|la|las|la lista|todas)( …)? ${LIST}`,
  'que me (eliminen|borren|quiten|saquen|den de baja|retiren)',
  '(dejen|deja|dejad|paren|para|parad) de (escribirme|enviarme|contactarme|mandarme|molestarme|escribirnos|enviarnos|contactarnos)',
  '(borren|borrad|eliminen|eliminad|borrar|eliminar|supriman|suprimir|borra|borre|elimina|elimine) (mis datos|mi direccion|mi correo|mis datos personales)',
  '(supresion|eliminacion|borrado) de (todos )?(mis )?(los )?(datos|mis datos)',
  'me (quitaras|quites|quiteis|quiten|quitara|saques|saquen|sacaras|borres|borren|elimines|eliminen|borraras|eliminaras) de (tu|su|vuestra|la|esta)( …)? (lista|listas|base de datos|listado)',
  // Italian
  '(cancellami|cancellatemi|rimuovimi|rimuovetemi|toglietemi|toglimi|eliminatemi|disiscrivimi|disiscrivetemi)',
  `(cancellarmi|rimuovermi|togliermi|essere (cancellat[oa]|rimoss[oa])) (da|dalla|dalle|dai|dal|dagli)( …)? ${LIST}`,
  'disiscriver(mi|e)',
  '(smettete|smetti|smettetela|basta) (di )?(scrivermi|mandarmi|contattarmi|inviarmi|scriverci|contattarci)',
  '(cancellate|eliminate|rimuovete) (i miei dati|il mio indirizzo|la mia e-?mail|il mio contatto)',
  '(cancellazione|rimozione)( …)? (dei )?miei dati',
  // Dutch
  'uitschrijven',
  'schrijf (me|mij)( …)? uit',
  `(haal|verwijder|schrap) (me|mij|mijn (e-?mailadres|adres|gegevens))( …)? (uit|van) (uw|jullie|je|de|het|deze|dit|alle)( …)? ${LIST}`,
  `(me|mij) (van|uit) (uw|jullie|je|de|het|deze|dit|alle)( …)? ${LIST} (halen|afhalen|verwijderen|schrappen|uitschrijven)`,
  'niet meer (gemaild|ge-maild|benaderd|gecontacteerd|lastiggevallen) (worden|te worden)',
  '(stop|stopt|stoppen) met (mailen|e-?mailen|mails sturen|mij (te )?mailen|berichten sturen)',
  '(verwijder|wis) (mijn (gegevens|e-?mailadres|adres|persoonsgegevens))',
  '(persoonsgegevens|gegevens)( …)? (te )?(verwijderen|wissen)',
  // Portuguese
  '(remover|removam|remova|retirem|retire|tirem|tire|tirar|retirar)(-me| me| o meu (e-?mail|endereco|contacto|contato))( …)? (da|das|de|do|dos) (vossa|sua|suas|vossas|esta|lista|base|mailing|newsletter)',
  'descadastr(ar|e-me|em-me|ar-me|o)',
  `(me|nos) (remover|remova|removam|retirar|retire|retirem|tirar|tire|tirem|excluir|exclua|excluam|descadastrar)( …)? (da|das|de|do|dos) (vossa|sua|suas|vossas|esta|essa)( …)? ${LIST}`,
  '(me )?(tira|tire|tirem|tirar) (me )?(dessa|desta|da|das|dessas|destas) (lista|listas|base|mailing)',
  '(apaguem|apague|eliminem|elimine|excluam|exclua|apagar|excluir) (os )?(meus dados|o meu (e-?mail|endereco|contacto|contato)|meu (e-?mail|endereco|contato|cadastro))',
];

/** Phrases that carry their own negation ("do not contact me again", "nicht mehr anschreiben"). */
const NEGATIVE_REQUESTS: string[] = [
  // English
  `(do not|don't|dont|never) (contact|e-?mail|email|write to|message|mail) (me|us)( …)? (again|anymore|any more|any further|in (the )?future|ever again)`,
  `(do not|don't|dont|never) (contact|e-?mail|email|write to|message|mail) (me|us)\\W*$`,
  `(don't|dont|do not) (want|wish) to (receive|get|hear)( …)? (any more|anymore|any further|further|more|again|from you)`,
  `(i am|i'm) not interested(,| and| so)? (please )?(stop|remove|unsubscribe|take me off)`,
  `(do not|don't|dont) consent to( …)? (contact|e-?mails|marketing|further contact)`,
  // German
  'nicht mehr (kontaktieren|anschreiben|anrufen|anmailen|mailen|schreiben|belastigen|zuschicken|zusenden|senden|schicken)',
  '(kontaktieren|schreiben|mailen|kontaktiert|schreibt) (sie|ihr) mir( …)? nicht mehr',
  '(kontaktieren|schreiben|mailen|kontaktiert|schreibt|belastigen) (sie|ihr) mich( …)? nicht mehr',
  `keine (weiteren )?(e-?mails|mails|nachrichten|werbung|werbemails|newsletter|kontaktaufnahmen?|zusendungen)( …)? mehr`,
  `keine weiteren (e-?mails|mails|nachrichten|werbung|werbemails|newsletter|kontaktaufnahmen?|zusendungen)`,
  // French
  'ne (me|nous) (contactez|contacte|ecrivez|envoyez)( …)? plus',
  "ne plus (recevoir|etre contacte|etre contactee|me contacter|m'envoyer|m'ecrire|me solliciter)",
  "ne (m'envoyez|m'ecrivez) plus",
  `ne (souhaite|veux|desire) plus (recevoir|etre contacte|etre contactee)`,
  // Spanish
  'no (me|nos) (escriban|escribas|escribais|contacten|contactes|contacteis|envien|envies|enviais|manden|mandes|molesten)( …)? (mas|nunca)',
  `no (quiero|deseo) (recibir|seguir recibiendo)( …)? (mas|ningun|ninguna)`,
  `no (quiero|deseo) (que me (escriban|contacten|envien))`,
  // Italian
  'non (contattatemi|scrivetemi|mandatemi|contattarmi|scrivermi|inviatemi)( …)? piu',
  'non (voglio|desidero) piu (ricevere|essere contattat[oa])',
  'non (voglio|desidero) ricevere( …)? (piu|altre|altri|ulteriori)',
  // Dutch
  'geen (e-?mails|mails|berichten|nieuwsbrieven|mailtjes|reclame)( …)? meer',
  'niet meer (mailen|e-?mailen|benaderen|contacteren|schrijven|lastigvallen)',
  '(neem|neemt) (geen|nooit meer) contact( …)? op',
  '(mail|mailt|benader|contacteer|stuur) (me|mij)( …)? (niet|nooit) meer',
  '(wil|wens) (geen|niets)( …)? meer (ontvangen|krijgen)',
  // Portuguese
  '(nao|nunca mais) (me|nos) (contactem|contacte|contatem|contate|escrevam|escreva|enviem|envie|mandem|mande)( …)? mais',
  '(nao|nunca mais) (me|nos) (contactem|contacte|contatem|contate|escrevam|escreva|enviem|envie|mandem|mande)',
  '(nao|ja nao) (quero|desejo) (mais )?(receber|ser contactad[oa]|ser contatad[oa])',
  '(parem|pare|deixem|deixe) de (me )?(enviar|mandar|escrever|contactar|contatar)',
  '(nao|nunca mais) (volte|voltem|volta) a (me )?(escrever|contactar|contatar|enviar|mandar)',
];

/**
 * What cancels a request in its clause, just before it: a negation ("don't remove me", "bitte
 * nicht austragen", "non cancellatemi") or a question about how to ("how do I unsubscribe from
 * LinkedIn?"). The clause ends at a comma or dash, so "No thanks, please remove me" still asks.
 */
const CANCELS_BEFORE =
  /(?<![\p{L}])(not|don't|dont|do not|never|no need to|how|nicht|kein|keine|nie|wie|ne|n'|jamais|comment|no|nunca|como|non|mai|niet|geen|nooit|hoe|nao)(?![\p{L}])/u;
/** A question about how to, which cancels even a phrase with its own negation. */
const HOW_TO = /(?<![\p{L}])(how|wie|comment|como|come|hoe)(?![\p{L}])/u;
/** French puts "pas" after the verb: "ne me désinscrivez pas". German may put "nicht" after it. */
const CANCELS_AFTER = /^\s*(pas|nicht|niet|non)(?![\p{L}])/u;

const WITHIN = '[^.!?;\\n]{0,40}?';

function compile(source: string) {
  const body = source.replace(/ …/g, '§').replace(/ /g, '\\s+').replace(/§/g, `(?:\\s+${WITHIN})`);
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'gu');
}

const BARE_SENTENCE = new RegExp(`^(${BARE.join('|')})$`, 'u');
const REQUEST_PATTERNS = REQUESTS.map(compile);
const NEGATIVE_PATTERNS = NEGATIVE_REQUESTS.map(compile);

/** Lower case, no accents, one kind of apostrophe and dash: how the phrases above are written. */
export function normalise(text: string) {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/[‐‑‒–—]/g, '-');
}

/** Sentences: split at line ends and at . ! ? ; (keeping "e-mail" and "z.B." whole enough). */
function sentences(text: string) {
  return text
    .split(/\n|(?<=[.!?;])\s+|(?<=[!?])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The words a bare request may be wrapped in taken away: "Please unsubscribe, thanks!" → "unsubscribe". */
function bareWords(sentence: string) {
  return sentence
    .replace(/[^\p{L}\p{N}'\s-]/gu, ' ')
    .replace(FILLER, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of `sentence` before `at`, back to the last comma, dash or colon: the clause a phrase stands in. */
export function clauseBefore(sentence: string, at: number) {
  const before = sentence.slice(0, at);
  const cut = Math.max(before.lastIndexOf(','), before.lastIndexOf(' - '), before.lastIndexOf(':'));
  return before.slice(cut + 1);
}

/** The first request in `newText` (already without quoted text and signature), or null. */
export function optOutRequest(newText: string): string | null {
  const lines = normalise(newText).split('\n');
  // A bare word is the last sentence of its line ("Not interested. Stop."), not "Stop! This is great".
  for (const line of lines) {
    const last = sentences(line).at(-1);
    if (last && !last.endsWith('?') && BARE_SENTENCE.test(bareWords(last))) return last;
  }
  for (const sentence of sentences(lines.join('\n'))) {
    for (const pattern of NEGATIVE_PATTERNS)
      for (const m of sentence.matchAll(pattern))
        if (!HOW_TO.test(clauseBefore(sentence, m.index))) return sentence;
    for (const pattern of REQUEST_PATTERNS) {
      for (const m of sentence.matchAll(pattern)) {
        if (CANCELS_BEFORE.test(clauseBefore(sentence, m.index))) continue;
        if (CANCELS_AFTER.test(sentence.slice(m.index + m[0].length))) continue;
        return sentence;
      }
    }
  }
  return null;
}
