import { type Failure, refusedByServer, withoutWait } from '../core/failure.js';
import type { FieldSpec } from '../core/model.js';
import type { FieldError } from '../core/validate.js';
import {
  failureWait,
  formatDuration,
  formatNumber,
  formatReceiptValue,
  isolated,
  scriptNames,
} from './format.js';
import type { AnsweredRequestMessages, InputRequestMessages } from './messages.js';

const n = (value: unknown) => formatNumber('de', value);

const GERMAN_UNITS = {
  day: ['Tag', 'Tage'],
  hour: ['Stunde', 'Stunden'],
  minute: ['Minute', 'Minuten'],
} as const;

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
  // "Anfrage von …" holds whether the question is open or over.
  askedByClosed: (serverName) => `Anfrage von ${serverName}`,
  askedByUnknownClosed: 'Anfrage eines Werkzeugs',
  taskOfUnknown: 'Aufgabe eines Werkzeugs',
  taskFrom: (serverName) => `Aufgabe von ${serverName}`,
  viaTool: (toolName) => `Werkzeug: ${toolName}`,
  accept: 'Annehmen',
  decline: 'Ablehnen',
  cancel: 'Abbrechen',
  refusalQuestion: (action) =>
    action === 'decline'
      ? 'Diese Frage ablehnen? Ihre Eingaben hier werden nicht gesendet.'
      : action === 'cancel'
        ? 'Diese Frage ohne Antwort schließen? Ihre Eingaben hier werden nicht gesendet.'
        : 'Die ganze Aufgabe beenden? Das Werkzeug arbeitet dann nicht weiter daran.',
  keepEditing: 'Weiter bearbeiten',
  keepTaskRunning: 'Weiterlaufen lassen',
  submitting: 'Ihre Antwort wird gesendet…',
  submittingSlowly:
    'Ihre Antwort wird noch gesendet: Der Server braucht etwas länger. Alle Eingaben bleiben erhalten.',
  answered: 'Antwort gesendet.',
  sendFailed: (failure, next = 'retry', acceptLabel = 'Annehmen') =>
    `${
      failure.code === 'refused'
        ? 'Der Server hat eine Rückmeldung gesendet, die diese App nicht lesen kann; Ihre Antwort wurde daher wahrscheinlich nicht entgegengenommen.'
        : refusedByServer(failure)
          ? `Der Server hat Ihre Antwort abgelehnt (Fehler\u00a0${failure.status ?? '?'}).${germanWait(failure)}`
          : `Ihre Antwort konnte nicht gesendet werden: ${germanFailure(failure)}`
    } Alle Eingaben bleiben erhalten${
      failure.retryAfterMs !== undefined
        ? ''
        : next === 'accept'
          ? `. „${acceptLabel}“ sendet, was jetzt angezeigt wird`
          : '; versuchen Sie es erneut'
    }.`,
  sendUncertain: (failure, keptAsSent, retryLabel = 'Erneut versuchen') =>
    `Es ist unklar, ob Ihre Antwort angekommen ist: ${
      failure.code === 'network'
        ? 'Die Verbindung brach ab, bevor der Server den Empfang bestätigte. Prüfen Sie Ihre Verbindung.'
        : refusedByServer(failure)
          ? `Ein früherer Versuch wurde nie bestätigt, und den letzten hat der Server abgelehnt (Fehler\u00a0${failure.status}).`
          : germanFailure(failure)
    } ${
      keptAsSent
        ? `Ihre Antwort bleibt so, wie Sie sie gesendet haben: „${retryLabel}“ sendet sie noch einmal, als Wiederholung gekennzeichnet, sodass ein Server, der sie schon hat, die Wiederholung ignorieren kann.`
        : 'Alle Eingaben bleiben erhalten; was Sie als Nächstes senden, wird als Wiederholung gekennzeichnet, sodass ein Server, der Ihre Antwort schon hat, sie ignorieren kann.'
    }`,
  answerReachedServer: 'Ihre Antwort ist beim Server angekommen.',
  textCut: (count) =>
    `(${formatNumber('de', count)} ${count === 1 ? 'weiteres Zeichen' : 'weitere Zeichen'} nicht angezeigt)`,
  failureDetails: 'Einzelheiten',
  retry: 'Erneut versuchen',
  stopTask: 'Aufgabe beenden',
  taskGoesOn: (closedAs) =>
    closedAs === 'expired'
      ? 'Die Aufgabe läuft möglicherweise ohne Ihre Antwort weiter.'
      : 'Die Aufgabe läuft mit der an anderer Stelle gegebenen Antwort weiter.',
  stopping: 'Die Aufgabe wird beendet…',
  stopFailed: (failure) => `Die Aufgabe konnte nicht beendet werden: ${germanFailure(failure)}`,
  required: 'Pflichtfeld',
  unnamedField: 'Feld ohne Namen',
  choose: 'Bitte wählen…',
  sectionAnswered: (action, phase) => {
    const chosen = action === 'accept' ? 'Angenommen' : action === 'decline' ? 'Abgelehnt' : 'Abgebrochen';
    if (phase === 'not-used') return `${chosen}, aber die Frage wurde vorher geschlossen.`;
    if (phase === 'unconfirmed') return `${chosen} – ob es angekommen ist, ist nicht bekannt.`;
    return phase === 'waiting' && action === 'accept'
      ? `${chosen} – wartet auf die übrigen Fragen.`
      : `${chosen}.`;
  },
  changeAnswer: 'Antwort ändern',
  progress: (answered, total) => `${n(answered)} von ${n(total)} beantwortet`,
  questionPosition: (position, total) => `Frage ${n(position)} von ${n(total)}`,
  cannotAnswer: 'Diese Frage lässt sich hier nicht beantworten',
  cannotAnswerAll: 'Diese Fragen lassen sich hier nicht beantworten',
  unsupportedReason: (request) => {
    const params = request.reasonParams ?? {};
    switch (request.reasonCode) {
      case 'sampling':
        return 'Der Server möchte, dass diese App ein Sprachmodell ausführt (Sampling). Das kann diese App hier nicht; Sie können ablehnen oder abbrechen.';
      case 'roots':
        return 'Der Server fragt, auf welche Ordner er zugreifen darf (Roots). Das kann diese App hier nicht; Sie können ablehnen oder abbrechen.';
      case 'unknown-method':
        return params.method === undefined
          ? 'Der Server hat eine Art von Frage gesendet, die diese App nicht beantworten kann. Sie können ablehnen oder abbrechen.'
          : `Der Server hat eine Anfrage „${isolated(params.method)}“ gesendet, die diese App nicht beantworten kann. Sie können ablehnen oder abbrechen.`;
      case 'unknown-mode':
        return params.mode === undefined
          ? 'Der Server fragt in einer Form, die diese App nicht unterstützt. Sie können ablehnen oder abbrechen.'
          : `Der Server fragt im Modus „${isolated(params.mode)}“, den diese App nicht unterstützt. Sie können ablehnen oder abbrechen.`;
      case 'schema':
        return 'Dieses Formular verwendet Funktionen, die diese App nicht sicher anzeigen kann; es lässt sich hier daher nicht ausfüllen. Sie können ablehnen oder abbrechen.';
      case 'too-many-fields':
        return params.count === undefined || params.limit === undefined
          ? 'Der Server fragt zu viele Werte auf einmal ab. Sie können ablehnen oder abbrechen.'
          : `Der Server fragt ${n(params.count)} Werte auf einmal ab; diese App zeigt bei dieser Art von Frage höchstens ${n(params.limit)}. Sie können ablehnen oder abbrechen.`;
      case 'too-many-options':
        return 'Dieses Formular bietet mehr Optionen an, als diese App auf einmal anzeigen kann. Sie können ablehnen oder abbrechen.';
      case 'duplicate-key':
        return 'Der Server hat dieselbe Frage zweimal gesendet; diese Kopie kann nicht beantwortet werden. Sie können ablehnen oder abbrechen.';
      case 'missing-link':
        return 'Der Server verlangt, einen Link zu öffnen, hat aber keinen gesendet. Sie können abbrechen und es später erneut versuchen.';
      case 'file':
        return 'Dieses Formular verlangt eine Datei, die diese App nicht senden kann. Sie können ablehnen oder abbrechen.';
      case 'answerer-failed':
        return `Diese App konnte nicht selbst antworten: ${params.detail ?? 'unbekannter Fehler'}. Sie können trotzdem ablehnen oder abbrechen.`;
      case 'too-many-requests':
        return params.count === undefined || params.limit === undefined
          ? 'Der Server hat zu viele Fragen auf einmal gestellt. Sie können alle ablehnen oder abbrechen.'
          : `Der Server hat ${n(params.count)} Fragen auf einmal gestellt; diese App zeigt höchstens ${n(params.limit)} zusammen. Sie können alle ablehnen oder abbrechen.`;
      default:
        return 'Der Server hat eine Frage gesendet, die diese App nicht lesen kann. Sie können ablehnen oder abbrechen.';
    }
  },
  additionalInputRequired: (labels) => `Weitere Angaben erforderlich: ${labels.join(', ')}.`,
  problemDetails: (count) => (count === 1 ? 'Einzelheiten: 1 Problem' : `Einzelheiten: ${n(count)} Probleme`),
  openLink: 'Link öffnen',
  openAnyway: 'Trotzdem öffnen',
  done: 'Fertig',
  linkOpensIn: 'Öffnet sich in einem neuen Browser-Tab. Prüfen Sie die Adresse, bevor Sie weitermachen.',
  linkRefused: (scheme) =>
    `Dieser Link verwendet „${scheme}“. Das ist keine Webadresse, daher lässt er sich nicht öffnen.`,
  linkInvalid: 'Das ist keine gültige Webadresse, daher lässt sie sich nicht öffnen.',
  linkSite: 'Website:',
  linkWaiting: (doneLabel) => `Schließen Sie den Vorgang im neuen Tab ab und wählen Sie dann „${doneLabel}“.`,
  openAgain: 'Erneut öffnen',
  linkInsecure:
    'Diese Adresse ist nicht verschlüsselt (http). Andere im Netzwerk könnten die Seite und Ihre Eingaben mitlesen oder verändern.',
  linkCredentials:
    'Vor dem Namen der Website steht ein Benutzername oder ein Passwort. Das ist ungewöhnlich und dient oft dazu, zu verschleiern, wohin ein Link wirklich führt.',
  linkIpAddress:
    'Diese Adresse ist eine bloße IP-Adresse statt eines Namens; wem die Website gehört, ist nicht zu erkennen.',
  linkPunycode: (unicode, ascii) =>
    `Der Name der Website enthält internationale Zeichen: Er sieht aus wie „${isolated(unicode)}“, die echte Adresse lautet jedoch ${isolated(ascii)}. Ähnlich aussehende Buchstaben sind ein häufiger Trick.`,
  linkMixedScript: (unicode, scripts) =>
    `„${isolated(unicode)}“ mischt Buchstaben verschiedener Schriften (${scriptNames('de', scripts)}). So werden oft bekannte Namen nachgeahmt.`,
  show: 'Anzeigen',
  hide: 'Ausblenden',
  showSecret: (fieldLabel) => `${fieldLabel} anzeigen`,
  hideSecret: (fieldLabel) => `${fieldLabel} ausblenden`,
  secretWarning: (declineLabel) =>
    `Vorsicht: Server dürfen in einem Formular nie nach Passwörtern, API-Schlüsseln oder Zahlungsdaten fragen. Wenn Sie diese Frage nicht erwartet haben, wählen Sie „${declineLabel}“.`,
  secretWarningClosed:
    'Vorsicht: Server dürfen in einem Formular nie nach Passwörtern, API-Schlüsseln oder Zahlungsdaten fragen.',
  answeringAutomatically: 'Diese App antwortet…',
  answeredAutomatically: 'Von dieser App beantwortet.',
  automaticAnswerFailed: (failure) =>
    `Diese App konnte die Frage nicht selbst beantworten: ${germanFailure(failure)} Sie können weiterhin ablehnen oder abbrechen.`,
  loading: 'Frage wird geladen…',
  working: 'In Arbeit – gerade gibt es nichts zu beantworten.',
  answeredElsewhere: 'Bereits an anderer Stelle beantwortet. Diese Frage ist geschlossen.',
  superseded: 'Eine neuere Frage hat diese ersetzt.',
  answeringElsewhere: (placeName) =>
    placeName
      ? // Any noun reads right after the colon, with or without its article.
        `Wird gerade an anderer Stelle beantwortet: ${placeName}.`
      : 'Wird gerade an anderer Stelle auf dieser Seite beantwortet.',
  answeringInAnotherTab: 'Wird gerade in einem anderen Tab beantwortet.',
  answerHere: 'Hier beantworten',
  announceAskedAgain: (serverName) =>
    serverName
      ? `${serverName} fragt erneut. Die Begründung steht über dem Formular.`
      : 'Erneut gefragt. Die Begründung steht über dem Formular.',
  announceNewQuestions: (count, serverName) =>
    count > 1
      ? serverName
        ? `${formatNumber('de', count)} neue Fragen von ${serverName}.`
        : `${formatNumber('de', count)} neue Fragen warten auf Ihre Antwort.`
      : serverName
        ? `Neue Frage von ${serverName}.`
        : 'Eine neue Frage wartet auf Ihre Antwort.',
  expired: 'Diese Frage ist abgelaufen. Ihre Antworten wurden nicht gesendet.',
  completed: 'Abgeschlossen.',
  failed: (detail) =>
    detail ? `Die Aufgabe ist fehlgeschlagen: ${detail}` : 'Die Aufgabe ist fehlgeschlagen.',
  cancelled: 'Die Aufgabe wurde vorzeitig beendet.',
  locale: 'de',
  outcome: (outcome) => {
    switch (outcome) {
      case 'accepted':
      case 'answered':
        return 'Sie haben geantwortet.';
      case 'opened':
        return 'Sie haben den Link geöffnet. Machen Sie auf der neu geöffneten Seite weiter.';
      case 'declined':
        return 'Sie haben abgelehnt.';
      case 'cancelled':
        return 'Sie haben abgebrochen.';
      case 'answered-elsewhere':
        return 'An anderer Stelle beantwortet. Von hier wurde nichts gesendet.';
      case 'answered-elsewhere-first':
        return 'Zuerst an anderer Stelle beantwortet. Ihre Antwort wurde nicht verwendet.';
      case 'expired':
        return 'Abgelaufen – es wurde nichts gesendet.';
      case 'expired-unconfirmed':
        return 'Abgelaufen – es ist unklar, ob Ihre Antwort rechtzeitig angekommen ist.';
      case 'closed-unconfirmed':
        return 'Geschlossen – vielleicht durch Ihre Antwort; ihre Ankunft wurde nie bestätigt.';
      case 'refused':
        return 'Ihre Antwort wurde nicht verwendet: Diese Frage war bereits geschlossen.';
      case 'stopped':
        return 'Von Ihnen beendet.';
    }
  },
  receiptDetails: 'Ihre Antworten',
  receiptAction: (action, kind) =>
    action === 'decline'
      ? 'Abgelehnt'
      : action === 'cancel'
        ? 'Abgebrochen'
        : kind === 'url'
          ? 'Link geöffnet'
          : kind === 'host'
            ? 'Von dieser App beantwortet'
            : 'Angenommen',
  receiptValue: (value) => formatReceiptValue('de', value, { yes: 'Ja', no: 'Nein', hidden: 'Verborgen' }),
  resultHeading: 'Ergebnis',
  resultFailed: 'Das Werkzeug hat einen Fehler gemeldet.',
  resultDetails: 'Ergebnisdaten',
  taskProgress: (progress, total) =>
    total === undefined ? `In Arbeit… ${n(progress)} erledigt` : `In Arbeit… ${n(progress)} von ${n(total)}`,
  workingFor: (seconds) => `In Arbeit… ${formatDuration(seconds)}`,
  timeLeft: ({ unit, value }) =>
    value === 0
      ? 'Noch weniger als eine Minute Zeit zum Antworten.'
      : `Noch ${n(value)}\u00a0${GERMAN_UNITS[unit][value === 1 ? 0 : 1]} Zeit zum Antworten.`,
  copyAnswers: 'Antworten kopieren',
  answersCopied: 'Antworten kopiert.',
  secretsNotCopied: 'Verborgene Werte wurden weggelassen.',
  questionCopied: 'Frage kopiert.',
  nothingToCopy: 'Es gibt nichts zu kopieren.',
  copyFailed: 'Das Kopieren hat hier nicht funktioniert. Markieren Sie den Text unten und kopieren Sie ihn.',
  leftBehind:
    'Die Frage wurde geändert, bevor Sie Ihre Antworten gesendet haben. Einige Ihrer Eingaben werden darin nicht mehr abgefragt.',
  leftBehindDetails: 'Ihre bisherigen Eingaben',
  copyLeftBehind: 'Eingaben kopieren',
  leftBehindCopied: 'Ihre Eingaben wurden kopiert.',
  step: (current, total) => `Schritt ${n(current)} von ${n(total)}`,
  next: 'Weiter',
  back: 'Zurück',
  reviewHeading: 'Antworten prüfen',
  edit: 'Ändern',
  editAnswer: (fieldLabel) => `${fieldLabel} ändern`,
  notAnswered: 'Keine Angabe',
  connectionLost: 'Der Server ist nicht erreichbar. Neuer Versuch läuft…',
  stateReadFailed: (failure) =>
    `Der Stand der Aufgabe konnte nicht abgerufen werden: ${germanFailure(withoutWait(failure))} Neuer Versuch läuft…`,
  fieldError: germanFieldError,
  checkFailedHere: (fieldLabel, error) => `${fieldLabel}: ${error}`,
  askedAgain: 'Erneut gefragt',
  askedAgainReason: 'Der Server fragt erneut. Seine Begründung:',
  askedAgainKept:
    'Ihre früheren Antworten sind eingetragen. Passwörter und andere verborgene Werte werden nie gespeichert; geben Sie sie erneut ein.',
  askedAgainKeptNoSecrets: 'Ihre früheren Antworten sind eingetragen.',
  draftKept:
    'Ihre früheren Eingaben sind wieder da. Passwörter und andere verborgene Werte werden nie gespeichert; geben Sie sie erneut ein.',
  startedAgain:
    'Neu gestartet. Ihre früheren Antworten sind eingetragen; prüfen Sie sie und antworten Sie dann erneut.',
  stillWaiting: 'Es wird gewartet, bis Sie fertig sind…',
  waitingForServer: 'Warten auf den Server…',
  stillWaitingHint: 'Es wird automatisch erneut nachgefragt – je länger es dauert, desto seltener.',
  checkNow: 'Jetzt prüfen',
  stoppedWaiting: 'Sie haben das Warten beendet. Für diese Frage wird nichts mehr gesendet.',
  stateRefused:
    'Der Server nimmt keine Antworten auf diese Frage mehr an; sie ist abgelaufen oder nicht mehr gültig. Ihre Antworten wurden nicht verwendet.',
  startAgain: 'Neu starten',
  startAgainHint: 'Fordert die Frage beim Server neu an. Ihre Antworten werden wieder eingetragen.',
  restarting: 'Wird neu gestartet…',
  restartFailed: (failure) => `Der Neustart ist fehlgeschlagen: ${germanFailure(failure)}`,
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
    case 'skippedLocalTime':
      return `Diese Uhrzeit gibt es hier nicht: In dieser Nacht werden die Uhren vorgestellt (UTC${params.offsetBefore} auf UTC${params.offsetAfter}). Wählen Sie eine Zeit davor oder danach.`;
    case 'badInput':
      return field.kind === 'date'
        ? 'Geben Sie das vollständige Datum ein.'
        : field.kind === 'date-time'
          ? 'Geben Sie Datum und Uhrzeit vollständig ein.'
          : field.kind === 'integer'
            ? 'Geben Sie eine ganze Zahl in Ziffern ein, etwa 12.'
            : 'Geben Sie eine Zahl in Ziffern ein, etwa 12 oder 3,5.';
    case 'unsafeInteger':
      return `Diese Zahl hat zu viele Stellen, um sie genau zu senden. Geben Sie eine ganze Zahl von ${n(-(limit as number))} bis ${n(limit)} ein.`;
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
      return 'Geben Sie eine gültige Webadresse ein (zum Beispiel https://example.com).';
    case 'date':
      return 'Geben Sie ein gültiges Datum ein (JJJJ-MM-TT).';
    case 'date-time':
      return 'Geben Sie ein gültiges Datum mit Uhrzeit ein.';
    default:
      return 'Geben Sie einen Wert im erwarteten Format ein.';
  }
}

function typeError(type: unknown, field: FieldSpec): string {
  if (field.kind === 'multi-select' && type === 'array') return 'Wählen Sie aus den angebotenen Optionen.';
  if (field.kind === 'single-select' || field.kind === 'multi-select') {
    return 'Wählen Sie eine der angebotenen Optionen.';
  }
  switch (type) {
    case 'number':
    case 'integer':
      return 'Geben Sie eine Zahl ein.';
    case 'boolean':
      return 'Wählen Sie Ja oder Nein.';
    case 'array':
      return 'Wählen Sie aus den angebotenen Optionen.';
    case 'string':
      return 'Geben Sie Text ein.';
    case 'object':
      return 'Diese Antwort besteht nicht aus Feldern und kann nicht gesendet werden.';
    default:
      return 'Geben Sie einen Wert der passenden Art ein.';
  }
}

/** The server's Retry-After, as a sentence after a failure; empty without one. */
function germanWait(failure: Failure): string {
  const wait = failureWait('de', failure);
  return wait === undefined
    ? ''
    : ` Er bittet darum, ${wait.wait}${wait.until === undefined ? '' : ` (bis ${wait.until}\u00a0Uhr)`} zu warten, bevor Sie es erneut versuchen.`;
}

/** A failure in plain German, by its code; never the raw message. */
function germanFailure(failure: Failure): string {
  switch (failure.code) {
    case 'network':
      return 'Der Server war nicht erreichbar. Prüfen Sie Ihre Verbindung.';
    case 'timeout':
      return 'Der Server hat nicht rechtzeitig geantwortet.';
    case 'http':
      return failure.status !== undefined && failure.status >= 500
        ? `Der Server hatte ein Problem (Fehler\u00a0${failure.status}).${germanWait(failure)}`
        : `Der Server hat die Anfrage abgelehnt (Fehler\u00a0${failure.status ?? '?'}).${germanWait(failure)}`;
    case 'stale':
      return 'Der Server nimmt keine Antworten auf diese Frage mehr an.';
    case 'refused':
      return 'Der Server hat eine Rückmeldung gesendet, die diese App nicht lesen kann.';
    case 'interrupted':
      return 'Die Seite wurde geschlossen oder neu geladen, während Ihre Antwort unterwegs war.';
    case 'unknown':
      return 'Etwas ist schiefgegangen.';
  }
}
/** German words of `input-request-cards/ai-sdk`. */
export const germanAnsweredMessages: AnsweredRequestMessages = {
  locale: 'de',
  // As the card's heading of a closed round: "Anfrage von …" holds whether it is open or over.
  askedBy: (serverName) => `Anfrage von ${serverName}`,
  askedByUnknown: 'Anfrage eines Werkzeugs',
  viaTool: (toolName) => `Werkzeug: ${toolName}`,
  ending: (ending, told) => {
    const toldWord = told === 'decline' ? 'abgelehnt' : 'abgebrochen';
    switch (ending) {
      case 'accept':
        return 'Sie haben geantwortet.';
      case 'opened':
        return 'Sie haben den Link geöffnet. Machen Sie auf der neu geöffneten Seite weiter.';
      case 'decline':
        return 'Sie haben abgelehnt.';
      case 'cancel':
        return 'Sie haben abgebrochen.';
      case 'timed-out':
        return `Es kam nicht rechtzeitig eine Antwort, daher wurde dem Server gemeldet: ${toldWord}.`;
      case 'cancelled':
        return `Der Chat wurde beendet, bevor eine Antwort kam, daher wurde dem Server gemeldet: ${toldWord}.`;
    }
  },
  answers: 'Ihre Antworten',
  openAgain: 'Erneut öffnen',
  hidden: 'Verborgen',
  textCut: (count) =>
    `(${formatNumber('de', count)} ${count === 1 ? 'weiteres Zeichen' : 'weitere Zeichen'} nicht angezeigt)`,
  yes: 'Ja',
  no: 'Nein',
  sendError: (code, status) => {
    switch (code) {
      case 'unknown-request':
        return 'diese Frage ist nicht mehr offen';
      case 'not-waiting':
        return 'der Server wartet nicht mehr auf die Antwort';
      case 'already-answered':
        return 'diese Frage wurde schon beantwortet';
      case 'forbidden':
        return 'dieser Chat darf diese Frage nicht beantworten';
      case 'invalid-answer':
        return 'der Server hat ein Problem mit der Antwort gefunden';
      default:
        return `der Server antwortete mit Status ${status}`;
    }
  },
};
