import { splitBold } from '#shared/translation';
import type { TranslatedText, TranslationProvider, TranslationRequest } from './contracts';

/**
 * The offline translator `npm start` uses: deterministic, from a small glossary of what the
 * smart transcript writes (its verbs, connectives and phrases: "Click the … button", "Go to the
 * … page", "In this guide you'll …") and common interface words, in Spanish, French and German.
 * Bold names stay as the app shows them. It translates a sentence whole or not at all: a sentence
 * with a word it does not know stays in the original language, whole, and the text is flagged as
 * needing translation (never "Start en Acme CRM … de el sidebar"); a language without a glossary
 * is left as it is, all flagged.
 */
type Rule = readonly [RegExp, string];
interface Glossary {
  /** phrases, tried in order (longest first); `$1`… are the names they carry, moved where the language puts them */
  phrases: readonly Rule[];
  /** single lowercase words */
  words: Readonly<Record<string, string>>;
  /** after the words: how the language joins them ("de el" → "del") */
  tidy?: readonly Rule[];
}

const phrase = (english: string, flags = 'gi') => new RegExp(`(?<![\\p{L}])${english}(?![\\p{L}])`, `${flags}u`);
const NAME = '([^.,:;!?\\uE001]+?)';

const GLOSSARIES: Record<string, Glossary> = {
  es: {
    phrases: [
      [phrase("in this guide you'll walk through"), 'en esta guía recorrerás'],
      [phrase("in this guide you'll"), 'en esta guía vas a'],
      [phrase("that's it: now you know how to"), 'listo: ahora ya sabes'],
      [phrase("that's it: you've seen every step"), 'listo: has visto todos los pasos'],
      [phrase('go to the next page'), 've a la página siguiente'],
      [phrase(`go to the ${NAME} page`), 've a la página $1'],
      [phrase(`open the ${NAME} page`), 'abre la página $1'],
      [phrase(`on the ${NAME} page`), 'en la página $1'],
      [phrase(`choose an option from the ${NAME} list`), 'elige una opción de la lista $1'],
      [phrase('choose an option from the list'), 'elige una opción de la lista'],
      [phrase(`choose ${NAME} from the ${NAME} list`), 'elige $1 en la lista $2'],
      [phrase('select an option in'), 'selecciona una opción en'],
      [phrase('select an option'), 'selecciona una opción'],
      [phrase(`type in the ${NAME} field`), 'escribe en el campo $1'],
      [phrase(`click in the ${NAME} field`), 'haz clic en el campo $1'],
      [phrase(`click the ${NAME} button`), 'haz clic en el botón $1'],
      [phrase(`click the ${NAME} link`), 'haz clic en el enlace $1'],
      [phrase(`open the ${NAME} tab`), 'abre la pestaña $1'],
      [phrase(`open the ${NAME} menu`), 'abre el menú $1'],
      [phrase(`open the ${NAME} list`), 'abre la lista $1'],
      [phrase('submit the form'), 'envía el formulario'],
      [phrase('check the result on this screen'), 'comprueba el resultado en esta pantalla'],
      [phrase('check the result'), 'comprueba el resultado'],
      [phrase('continue on this screen'), 'continúa en esta pantalla'],
      [phrase('start on this screen'), 'empieza en esta pantalla'],
      [phrase('in (\\d+) steps'), 'en $1 pasos'],
      [phrase('one step'), 'un paso'],
      [phrase('click in'), 'haz clic en'],
      [phrase('type in'), 'escribe en'],
      [phrase('go to'), 've a'],
      [phrase('turn on'), 'activa'],
      [phrase('turn off'), 'desactiva'],
      [phrase('click'), 'haz clic en'],
      [phrase('open'), 'abre'],
      [phrase('select'), 'selecciona'],
      [phrase('choose'), 'elige'],
      [phrase('uncheck'), 'desmarca'],
      [phrase('check'), 'marca'],
      [phrase('type'), 'escribe'],
      [phrase('enter'), 'introduce'],
      [phrase('first,'), 'primero,'],
      [phrase('next,'), 'después,'],
      [phrase('finally,'), 'por último,'],
      [phrase('then'), 'luego'],
      [phrase('now'), 'ahora'],
    ],
    words: {
      the: 'el', a: 'un', an: 'un', and: 'y', or: 'o', to: 'a', in: 'en', on: 'en', of: 'de', from: 'de', with: 'con', for: 'para', your: 'tu', you: 'tú', this: 'este', here: 'aquí', done: 'hecho',
      page: 'página', button: 'botón', field: 'campo', list: 'lista', tab: 'pestaña', link: 'enlace', menu: 'menú', form: 'formulario', screen: 'pantalla', step: 'paso', steps: 'pasos', guide: 'guía',
      settings: 'configuración', new: 'nuevo', name: 'nombre', email: 'correo', password: 'contraseña', account: 'cuenta', save: 'guardar', invite: 'invitar', teammate: 'compañero', team: 'equipo',
      create: 'crear', add: 'añadir', delete: 'eliminar', edit: 'editar', search: 'buscar', sign: 'iniciar', profile: 'perfil', home: 'inicio', option: 'opción', changes: 'cambios', project: 'proyecto',
    },
    tidy: [
      [/(?<!\p{L})([Dd])e el(?!\p{L})/gu, '$1el'],
      [/(?<!\p{L})([Aa]) el(?!\p{L})/gu, '$1l'],
    ],
  },
  fr: {
    phrases: [
      [phrase("in this guide you'll walk through"), 'dans ce guide, vous allez parcourir'],
      [phrase("in this guide you'll"), 'dans ce guide, vous allez'],
      [phrase("that's it: now you know how to"), "c'est tout : vous savez maintenant"],
      [phrase("that's it: you've seen every step"), "c'est tout : vous avez vu toutes les étapes"],
      [phrase('go to the next page'), 'allez à la page suivante'],
      [phrase(`go to the ${NAME} page`), 'allez à la page $1'],
      [phrase(`open the ${NAME} page`), 'ouvrez la page $1'],
      [phrase(`on the ${NAME} page`), 'sur la page $1'],
      [phrase(`choose an option from the ${NAME} list`), 'choisissez une option dans la liste $1'],
      [phrase('choose an option from the list'), 'choisissez une option dans la liste'],
      [phrase(`choose ${NAME} from the ${NAME} list`), 'choisissez $1 dans la liste $2'],
      [phrase('select an option in'), 'sélectionnez une option dans'],
      [phrase('select an option'), 'sélectionnez une option'],
      [phrase(`type in the ${NAME} field`), 'saisissez dans le champ $1'],
      [phrase(`click in the ${NAME} field`), 'cliquez dans le champ $1'],
      [phrase(`click the ${NAME} button`), 'cliquez sur le bouton $1'],
      [phrase(`click the ${NAME} link`), 'cliquez sur le lien $1'],
      [phrase(`open the ${NAME} tab`), "ouvrez l'onglet $1"],
      [phrase(`open the ${NAME} menu`), 'ouvrez le menu $1'],
      [phrase(`open the ${NAME} list`), 'ouvrez la liste $1'],
      [phrase('submit the form'), 'envoyez le formulaire'],
      [phrase('check the result on this screen'), 'vérifiez le résultat sur cet écran'],
      [phrase('check the result'), 'vérifiez le résultat'],
      [phrase('continue on this screen'), 'continuez sur cet écran'],
      [phrase('start on this screen'), 'commencez sur cet écran'],
      [phrase('in (\\d+) steps'), 'en $1 étapes'],
      [phrase('one step'), 'une étape'],
      [phrase('click in'), 'cliquez dans'],
      [phrase('type in'), 'saisissez dans'],
      [phrase('go to'), 'allez à'],
      [phrase('turn on'), 'activez'],
      [phrase('turn off'), 'désactivez'],
      [phrase('click'), 'cliquez sur'],
      [phrase('open'), 'ouvrez'],
      [phrase('select'), 'sélectionnez'],
      [phrase('choose'), 'choisissez'],
      [phrase('uncheck'), 'décochez'],
      [phrase('check'), 'cochez'],
      [phrase('type'), 'saisissez'],
      [phrase('enter'), 'saisissez'],
      [phrase('first,'), "d'abord,"],
      [phrase('next,'), 'ensuite,'],
      [phrase('finally,'), 'enfin,'],
      [phrase('then'), 'puis'],
      [phrase('now'), 'maintenant'],
    ],
    words: {
      the: 'le', a: 'un', an: 'un', and: 'et', or: 'ou', to: 'à', in: 'dans', on: 'sur', of: 'de', from: 'de', with: 'avec', for: 'pour', your: 'votre', you: 'vous', this: 'ce', here: 'ici', done: 'terminé',
      page: 'page', button: 'bouton', field: 'champ', list: 'liste', tab: 'onglet', link: 'lien', menu: 'menu', form: 'formulaire', screen: 'écran', step: 'étape', steps: 'étapes', guide: 'guide',
      settings: 'paramètres', new: 'nouveau', name: 'nom', email: 'e-mail', password: 'mot de passe', account: 'compte', save: 'enregistrer', invite: 'inviter', teammate: 'coéquipier', team: 'équipe',
      create: 'créer', add: 'ajouter', delete: 'supprimer', edit: 'modifier', search: 'rechercher', sign: 'se connecter', profile: 'profil', home: 'accueil', option: 'option', changes: 'modifications', project: 'projet',
    },
    tidy: [
      [/(?<!\p{L})([Dd])e le(?!\p{L})/gu, '$1u'],
      [/(?<!\p{L})([Dd])e les(?!\p{L})/gu, '$1es'],
      [/(?<!\p{L})à le(?!\p{L})/gu, 'au'],
      [/(?<!\p{L})à les(?!\p{L})/gu, 'aux'],
      [/(?<!\p{L})([Ll])[ea] (?=[aeiouéèêàâîôûAEIOUÉ])/gu, "$1'"],
    ],
  },
  de: {
    phrases: [
      [phrase("in this guide you'll walk through"), 'in dieser Anleitung durchlaufen Sie'],
      [phrase("in this guide you'll"), 'in dieser Anleitung werden Sie'],
      [phrase("that's it: now you know how to"), 'fertig: jetzt wissen Sie, wie Sie'],
      [phrase("that's it: you've seen every step"), 'fertig: Sie haben alle Schritte gesehen'],
      [phrase('go to the next page'), 'gehen Sie zur nächsten Seite'],
      [phrase(`go to the ${NAME} page`), 'gehen Sie zur Seite $1'],
      [phrase(`open the ${NAME} page`), 'öffnen Sie die Seite $1'],
      [phrase(`on the ${NAME} page`), 'auf der Seite $1'],
      [phrase(`choose an option from the ${NAME} list`), 'wählen Sie eine Option aus der Liste $1'],
      [phrase('choose an option from the list'), 'wählen Sie eine Option aus der Liste'],
      [phrase(`choose ${NAME} from the ${NAME} list`), 'wählen Sie $1 aus der Liste $2'],
      [phrase('select an option in'), 'wählen Sie eine Option in'],
      [phrase('select an option'), 'wählen Sie eine Option'],
      [phrase(`type in the ${NAME} field`), 'geben Sie etwas in das Feld $1 ein'],
      [phrase(`click in the ${NAME} field`), 'klicken Sie in das Feld $1'],
      [phrase(`click the ${NAME} button`), 'klicken Sie auf die Schaltfläche $1'],
      [phrase(`click the ${NAME} link`), 'klicken Sie auf den Link $1'],
      [phrase(`open the ${NAME} tab`), 'öffnen Sie den Tab $1'],
      [phrase(`open the ${NAME} menu`), 'öffnen Sie das Menü $1'],
      [phrase(`open the ${NAME} list`), 'öffnen Sie die Liste $1'],
      [phrase('submit the form'), 'senden Sie das Formular ab'],
      [phrase('check the result on this screen'), 'prüfen Sie das Ergebnis auf diesem Bildschirm'],
      [phrase('check the result'), 'prüfen Sie das Ergebnis'],
      [phrase('continue on this screen'), 'fahren Sie auf diesem Bildschirm fort'],
      [phrase('start on this screen'), 'beginnen Sie auf diesem Bildschirm'],
      [phrase('in (\\d+) steps'), 'in $1 Schritten'],
      [phrase('one step'), 'einen Schritt'],
      [phrase('click in'), 'klicken Sie in'],
      [phrase('type in'), 'tippen Sie in'],
      [phrase('go to'), 'gehen Sie zu'],
      [phrase('turn on'), 'aktivieren Sie'],
      [phrase('turn off'), 'deaktivieren Sie'],
      [phrase('click'), 'klicken Sie auf'],
      [phrase('open'), 'öffnen Sie'],
      [phrase('select'), 'wählen Sie'],
      [phrase('choose'), 'wählen Sie'],
      [phrase('uncheck'), 'deaktivieren Sie'],
      [phrase('check'), 'aktivieren Sie'],
      [phrase('type'), 'tippen Sie'],
      [phrase('enter'), 'geben Sie ein'],
      [phrase('first,'), 'zuerst'],
      [phrase('next,'), 'als Nächstes'],
      [phrase('finally,'), 'zum Schluss'],
      [phrase('then'), 'dann'],
      [phrase('now'), 'jetzt'],
    ],
    words: {
      the: 'die', a: 'ein', an: 'ein', and: 'und', or: 'oder', to: 'zu', in: 'in', on: 'auf', of: 'von', from: 'aus', with: 'mit', for: 'für', your: 'Ihr', you: 'Sie', this: 'dies', here: 'hier', done: 'fertig',
      page: 'Seite', button: 'Schaltfläche', field: 'Feld', list: 'Liste', tab: 'Tab', link: 'Link', menu: 'Menü', form: 'Formular', screen: 'Bildschirm', step: 'Schritt', steps: 'Schritte', guide: 'Anleitung',
      settings: 'Einstellungen', new: 'neu', name: 'Name', email: 'E-Mail', password: 'Passwort', account: 'Konto', save: 'speichern', invite: 'einladen', teammate: 'Teammitglied', team: 'Team',
      create: 'erstellen', add: 'hinzufügen', delete: 'löschen', edit: 'bearbeiten', search: 'suchen', sign: 'anmelden', profile: 'Profil', home: 'Startseite', option: 'Option', changes: 'Änderungen', project: 'Projekt',
    },
  },
};

/** The languages the glossary knows; others are left in the original language, flagged for review. */
export const GLOSSARY_LANGUAGES = Object.keys(GLOSSARIES);

/** U+E001/U+E002 (private use) bracket the index of a finished piece or a bold name: no text a person writes contains them. */
const DONE = '\uE001';
const BOLD = '\uE002';

const upperFirst = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** A text's sentences, each with the spaces before it: split after . ! ? before a space, and at line ends. */
function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])(?=\s)|(?<=\n)/);
}

/** What a phrase carries: a name (it starts with a capital, a digit or a bold name) as it is, else its words translated; undefined when one is unknown. */
function nameOrWords(captured: string, glossary: Glossary): string | undefined {
  if (!/^\p{Ll}/u.test(captured.trim())) return captured;
  let unknown = false;
  const words = captured.replace(/\p{L}[\p{L}']*/gu, (word) => {
    const known = glossary.words[word.toLowerCase()];
    if (!known) unknown = true;
    return known ?? word;
  });
  return unknown ? undefined : words;
}

/**
 * One sentence through one glossary, phrases first, then single words; undefined when a word is
 * neither in the glossary nor a name (a capitalised word inside the sentence): the sentence is
 * then not translated at all.
 */
function translateSentence(sentence: string, glossary: Glossary): string | undefined {
  const pieces: string[] = [];
  const keep = (piece: string) => {
    pieces.push(piece);
    return `${DONE}${pieces.length - 1}${DONE}`;
  };
  // A sentence's first word keeps its capital in the translation.
  const cased = (match: string, translated: string) => (/^\p{Lu}/u.test(match) ? upperFirst(translated) : translated);
  let work = sentence;
  for (const [pattern, replacement] of glossary.phrases) {
    work = work.replace(pattern, (match: string, ...groups: unknown[]) => {
      const captured = groups.filter((g): g is string => typeof g === 'string').map((g) => nameOrWords(g, glossary));
      // A lower-case "name" is words ("the save button"): the phrase applies only when they translate.
      if (captured.some((g) => g === undefined)) return match;
      const out = replacement.replace(/\$(\d)/g, (_m, n: string) => captured[Number(n) - 1] ?? '');
      return keep(cased(match, out));
    });
  }
  let unknown = false;
  work = work.replace(/(?<![\uE001\uE002\d])\p{L}[\p{L}']*/gu, (word: string, offset: number, whole: string) => {
    const known = glossary.words[word.toLowerCase()];
    if (known) return keep(cased(word, known));
    const sentenceStart = /^\s*$|[.!?:]\s*$/.test(whole.slice(0, offset));
    // A capitalised word inside a sentence is a name (a product, a page): it stays as it is.
    if (!/^\p{Lu}/u.test(word) || sentenceStart) unknown = true;
    return word;
  });
  if (unknown) return undefined;
  let translated = work.replace(new RegExp(`${DONE}(\\d+)${DONE}`, 'g'), (_m, i: string) => pieces[Number(i)]!);
  for (const [pattern, replacement] of glossary.tidy ?? []) translated = translated.replace(pattern, replacement);
  return translated;
}

/**
 * One text through one glossary, sentence by sentence: a sentence it cannot translate whole
 * stays in the original language, whole, and the text needs translation.
 */
export function translateWithGlossary(text: string, glossary: Glossary): TranslatedText {
  const names: string[] = [];
  const masked = splitBold(text)
    .map((part) => {
      if (!part.keep) return part.text;
      names.push(part.text);
      return `${BOLD}${names.length - 1}${BOLD}`;
    })
    .join('');
  let needsReview = false;
  const translated = sentencesOf(masked)
    .map((sentence) => {
      const whole = translateSentence(sentence, glossary);
      if (whole !== undefined) return whole;
      needsReview = true;
      return sentence;
    })
    .join('');
  return { text: translated.replace(new RegExp(`${BOLD}(\\d+)${BOLD}`, 'g'), (_m, i: string) => `**${names[Number(i)]!}**`), needsReview };
}

export const localGlossary: TranslationProvider = {
  name: 'local-glossary',
  async translate({ texts, target }: TranslationRequest): Promise<TranslatedText[]> {
    const glossary = GLOSSARIES[target];
    return texts.map((text) => {
      if (!text.trim()) return { text, needsReview: false };
      if (!glossary) return { text, needsReview: true };
      return translateWithGlossary(text, glossary);
    });
  },
};
