import type { FieldSpec } from '../core/model.js';
import type { FieldError } from '../core/validate.js';
import { formatNumber, scriptNames } from './format.js';
import type { InputRequestMessages } from './messages.js';

const n = (value: unknown) => formatNumber('de', value);

/**
 * German (formal "Sie"): every built-in string, including validation errors with numbers
 * formatted by `Intl.NumberFormat('de')`.
 *
 * @example
 * ```tsx
 * import { germanMessages } from 'input-request-cards';
 * <InputRequestCard messages={germanMessages} … />
 * <InputRequestCard messages={{ ...germanMessages, accept: 'Senden' }} … />
 * ```
 */
export const germanMessages: InputRequestMessages = {
  askedBy: (serverName) => `Anfrage von ${serverName}`,
  askedByUnknown: 'Anfrage eines Werkzeugs',
  viaTool: (toolName) => `Werkzeug: ${toolName}`,
  accept: 'Annehmen',
  decline: 'Ablehnen',
  cancel: 'Abbrechen',
  submitting: 'Ihre Antwort wird gesendet…',
  answered: 'Antwort gesendet.',
  sendFailed: (detail) =>
    `Ihre Antwort konnte nicht gesendet werden: ${detail}. Alle Eingaben bleiben erhalten; versuchen Sie es erneut.`,
  retry: 'Erneut versuchen',
  required: 'Pflichtfeld',
  unnamedField: 'Feld ohne Namen',
  choose: 'Bitte wählen…',
  sectionAnswered: (action) =>
    action === 'accept'
      ? 'Angenommen – wartet auf die übrigen Fragen.'
      : action === 'decline'
        ? 'Abgelehnt.'
        : 'Abgebrochen.',
  changeAnswer: 'Antwort ändern',
  progress: (answered, total) => `${n(answered)} von ${n(total)} beantwortet`,
  cannotAnswer: 'Diese Anfrage lässt sich hier nicht beantworten',
  unsupportedReason: (request) => {
    switch (request.reasonCode) {
      case 'sampling':
        return 'Der Server möchte, dass diese App ein Sprachmodell ausführt (Sampling). Diese Karte kann das nicht beantworten; Sie können ablehnen oder abbrechen.';
      case 'roots':
        return 'Der Server fragt, auf welche Ordner er zugreifen darf (Roots). Diese Karte kann das nicht beantworten; Sie können ablehnen oder abbrechen.';
      case 'unknown-method':
        return `Der Server hat eine Anfrage „${request.method}“ gesendet, die diese App nicht beantworten kann. Sie können ablehnen oder abbrechen.`;
      case 'unknown-mode':
        return 'Der Server fragt in einer Form, die diese App nicht unterstützt. Sie können ablehnen oder abbrechen.';
      case 'schema':
        return 'Dieses Formular verwendet Schema-Funktionen, die diese App nicht sicher anzeigen kann. Sie können ablehnen oder abbrechen.';
      case 'too-many-fields':
        return 'Der Server fragt zu viele Werte auf einmal ab. Sie können ablehnen oder abbrechen.';
      case 'duplicate-key':
        return 'Der Server hat dieselbe Frage zweimal gesendet; diese Kopie kann nicht beantwortet werden. Sie können ablehnen oder abbrechen.';
      case 'missing-link':
        return 'Der Server verlangt, einen Link zu öffnen, hat aber keinen gesendet. Sie können abbrechen und es später erneut versuchen.';
      case 'malformed':
        return 'Der Server hat eine Anfrage gesendet, die diese App nicht lesen kann. Sie können ablehnen oder abbrechen.';
      default:
        return request.reason;
    }
  },
  problemDetails: (count) => (count === 1 ? 'Problem anzeigen' : `Alle ${n(count)} Probleme anzeigen`),
  openLink: 'Link öffnen',
  done: 'Fertig',
  linkOpensIn: 'Öffnet sich in einem neuen Browser-Tab. Prüfen Sie die Adresse, bevor Sie weitermachen.',
  linkRefused: (scheme) =>
    `Dieser Link verwendet „${scheme}“. Das ist keine Webadresse, daher lässt er sich nicht öffnen.`,
  linkInvalid: 'Das ist keine gültige Webadresse, daher lässt sie sich nicht öffnen.',
  linkSite: 'Webseite:',
  linkWaiting: (doneLabel) => `Schließen Sie den Vorgang im neuen Tab ab und wählen Sie dann „${doneLabel}“.`,
  openAgain: 'Erneut öffnen',
  linkInsecure:
    'Diese Adresse ist nicht verschlüsselt (http). Andere im Netzwerk könnten die Seite und Ihre Eingaben mitlesen oder verändern.',
  linkCredentials:
    'Vor dem Namen der Webseite stehen ein Benutzername oder ein Passwort. Das ist ungewöhnlich und soll oft verschleiern, wohin ein Link wirklich führt.',
  linkIpAddress:
    'Diese Adresse ist eine bloße IP-Adresse statt eines Namens; wem die Webseite gehört, ist nicht zu erkennen.',
  linkPunycode: (unicode, ascii) =>
    `Der Name der Webseite enthält internationale Zeichen: Er liest sich als „${unicode}“, die echte Adresse ist ${ascii}. Ähnlich aussehende Buchstaben sind ein häufiger Trick.`,
  linkMixedScript: (unicode, scripts) =>
    `„${unicode}“ mischt Buchstaben verschiedener Schriften (${scriptNames('de', scripts)}). So werden oft bekannte Namen nachgeahmt.`,
  show: 'Anzeigen',
  hide: 'Verbergen',
  showSecret: (fieldLabel) => `${fieldLabel} anzeigen`,
  hideSecret: (fieldLabel) => `${fieldLabel} verbergen`,
  secretWarning: (declineLabel) =>
    `Vorsicht: MCP verbietet Servern, in einem Formular nach Passwörtern, API-Schlüsseln oder Zahlungsdaten zu fragen. Wenn Sie diese Frage nicht erwartet haben, wählen Sie „${declineLabel}“.`,
  answeringAutomatically: 'Diese App antwortet…',
  answeredAutomatically: 'Von dieser App beantwortet.',
  automaticAnswerFailed: (detail) =>
    `Diese App konnte nicht selbst antworten: ${detail}. Sie können trotzdem ablehnen oder abbrechen.`,
  loading: 'Anfrage wird geladen…',
  working: 'In Arbeit – gerade gibt es nichts zu beantworten.',
  answeredElsewhere: 'Bereits an anderer Stelle beantwortet. Diese Anfrage ist geschlossen.',
  superseded: 'Eine neuere Anfrage hat diese ersetzt.',
  newRequest: 'Eine neue Anfrage wartet auf Ihre Antwort.',
  expired: 'Diese Anfrage ist abgelaufen. Ihre Antworten wurden nicht gesendet.',
  completed: 'Abgeschlossen.',
  failed: (detail) =>
    detail ? `Die Aufgabe ist fehlgeschlagen: ${detail}` : 'Die Aufgabe ist fehlgeschlagen.',
  cancelled: 'Die Aufgabe wurde abgebrochen.',
  connectionLost: 'Der Server ist nicht erreichbar. Neuer Versuch läuft…',
  fieldError: germanFieldError,
};

function germanFieldError(error: FieldError, field: FieldSpec): string {
  const { params } = error;
  const limit = params.limit;
  switch (error.keyword) {
    case 'required':
      return 'Dieses Feld ist erforderlich.';
    case 'minLength':
      return `Geben Sie mindestens ${n(limit)} Zeichen ein.`;
    case 'maxLength':
      return `Geben Sie höchstens ${n(limit)} Zeichen ein.`;
    case 'minimum':
      return `Geben Sie eine Zahl von mindestens ${n(limit)} ein.`;
    case 'maximum':
      return `Geben Sie eine Zahl von höchstens ${n(limit)} ein.`;
    case 'exclusiveMinimum':
      return `Geben Sie eine Zahl größer als ${n(limit)} ein.`;
    case 'exclusiveMaximum':
      return `Geben Sie eine Zahl kleiner als ${n(limit)} ein.`;
    case 'minItems':
      return `Wählen Sie mindestens ${options(limit)}.`;
    case 'maxItems':
      return `Wählen Sie höchstens ${options(limit)}.`;
    case 'uniqueItems':
      return 'Wählen Sie jede Option nur einmal.';
    case 'format':
      return formatError(params.format);
    case 'integer':
      return 'Geben Sie eine ganze Zahl ein.';
    case 'multipleOf':
      return `Geben Sie ein Vielfaches von ${n(params.multipleOf)} ein.`;
    case 'skippedLocalTime':
      return `Diese Uhrzeit gibt es hier nicht: In dieser Nacht werden die Uhren vorgestellt (UTC${params.offsetBefore} auf UTC${params.offsetAfter}). Wählen Sie eine Zeit davor oder danach.`;
    case 'enum':
      return 'Wählen Sie eine der angebotenen Optionen.';
    case 'type':
      return typeError(params.type, field);
    default:
      return 'Prüfen Sie diesen Wert.';
  }
}

function options(limit: unknown): string {
  return `${n(limit)} ${limit === 1 ? 'Option' : 'Optionen'}`;
}

function formatError(format: unknown): string {
  switch (format) {
    case 'email':
      return 'Geben Sie eine gültige E-Mail-Adresse ein.';
    case 'uri':
      return 'Geben Sie eine gültige URL ein (zum Beispiel https://example.com).';
    case 'date':
      return 'Geben Sie ein gültiges Datum ein (JJJJ-MM-TT).';
    case 'date-time':
      return 'Geben Sie ein gültiges Datum mit Uhrzeit ein.';
    default:
      return `Geben Sie einen Wert im Format „${String(format)}“ ein.`;
  }
}

function typeError(type: unknown, field: FieldSpec): string {
  if (field.kind === 'multi-select' && type === 'array') return 'Wählen Sie aus den angebotenen Optionen.';
  if (field.kind === 'single-select' || field.kind === 'multi-select') {
    return 'Wählen Sie eine der angebotenen Optionen.';
  }
  switch (type) {
    case 'number':
      return 'Geben Sie eine Zahl ein.';
    case 'boolean':
      return 'Wählen Sie Ja oder Nein.';
    case 'array':
      return 'Wählen Sie aus den angebotenen Optionen.';
    case 'string':
      return 'Geben Sie Text ein.';
    default:
      return 'Geben Sie einen Wert der passenden Art ein.';
  }
}
