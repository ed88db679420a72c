/**
 * The default rule for fields to treat as secrets. It reads words, not letters: a name or title
 * is split into words (snake_case, camelCase, kebab-case, dots, spaces, digits), and only whole
 * words or word pairs count. So `api_key`, `accessToken`, `one-time code`, `PIN`, `cvv2`, `PW`,
 * `creditCard`, `cc_number`, `ssh_key`, `credentials`, `Authorization` and `cookie` are secrets,
 * while `footprint`, `passport_country`, `compass_heading`, `bypass_reason`, `passenger_count`,
 * `tokenizer_model`, `pinned`, `spinner`, `opinion`, `topic`, `cc` (a copy's recipients),
 * `cookie_consent` and `public_ssh_key` are not.
 */

/**
 * Words and phrases that ask for a secret, written as words separated by spaces. A phrase also
 * matches written as one word (`apikey`, `onetimecode`) and with any separators in between.
 * Accents are ignored (`contraseña` is `contrasena`).
 */
/** Text of ASCII characters only: the common case, with fast paths below. */
const ASCII = /^[^\u0080-\uffff]*$/;

const SECRET_PHRASES: readonly string[] = [
  // English
  'password',
  'passwords',
  'passwd',
  'pwd',
  'pw',
  'passw0rd',
  'passcode',
  'passphrase',
  'secret',
  'secrets',
  'token',
  'jwt',
  'bearer',
  'api key',
  'access key',
  'secret key',
  'private key',
  'signing key',
  'encryption key',
  'ssh key',
  'pgp key',
  'gpg key',
  'client secret',
  'credential',
  'credentials',
  'authorization',
  'authorisation',
  'cookie',
  'pin',
  'pins',
  'pin code',
  'pin number',
  'cvc',
  'cvv',
  'ccv',
  'csc',
  'security code',
  'security answer',
  'credit card',
  'debit card',
  'card number',
  'card no',
  'card num',
  'cc number',
  'cc num',
  'cc no',
  'card verification',
  'iban',
  'otp',
  'totp',
  'hotp',
  'one time code',
  'one time password',
  'one time pin',
  'verification code',
  'auth code',
  '2fa',
  'mfa',
  'seed phrase',
  'seed words',
  'mnemonic',
  'recovery phrase',
  'recovery code',
  'recovery key',
  'backup code',
  'ssn',
  'social security number',
  // German
  'passwort',
  'kennwort',
  'geheimzahl',
  'geheimnummer',
  'zugangscode',
  'zugangsdaten',
  'sicherheitscode',
  'kartennummer',
  'kreditkarte',
  'kreditkartennummer',
  // Spanish
  'contrasena',
  'clave',
  'codigo de seguridad',
  'numero de tarjeta',
  'tarjeta de credito',
  // French
  'mot de passe',
  'code secret',
  'code confidentiel',
  'numero de carte',
  'carte bancaire',
  'carte de credit',
  // Portuguese, Italian, Dutch, Polish, Turkish, Swedish, Russian
  'senha',
  'parola d ordine',
  'wachtwoord',
  'haslo',
  'sifre',
  'losenord',
  'пароль',
];

/**
 * Phrases that start with a secret word (or hold one) but ask for no secret: "palabra clave" is a
 * keyword, "max tokens" and "token count" size a language model's answer, "cookie preferences"
 * asks which cookies a site may set, a "credential type" or "credit card type" is a choice of
 * kind, and a public SSH or PGP key is public.
 */
const NOT_SECRET_PHRASES: readonly string[] = [
  'palabra clave',
  'palabras clave',
  'max tokens',
  'token count',
  'token limit',
  'cookie preferences',
  'cookie preference',
  'cookie consent',
  'cookie settings',
  'cookie policy',
  'cookie banner',
  'credential id',
  'credential type',
  'credential name',
  'authorization status',
  'authorization type',
  'credit card type',
  'credit card brand',
  'credit card holder',
  'public ssh key',
  'public pgp key',
  'public gpg key',
];

/**
 * Stems that are secrets wherever they appear inside a word: German and Dutch write compounds
 * as one word (`Einmalpasswort`, `PIN-Eingabe` aside), and English names are often glued
 * (`mypassword`). Only long, unambiguous stems are here.
 */
const SECRET_STEMS: readonly string[] = [
  'password',
  'passwort',
  'kennwort',
  'passphrase',
  'contrasena',
  'wachtwoord',
  'geheimzahl',
];

/**
 * Scripts written without spaces between words: these are matched anywhere in the text.
 * Chinese (simplified and traditional), Japanese and Korean.
 */
const SECRET_SUBSTRINGS: readonly string[] = [
  '密码',
  '密碼',
  '口令',
  '验证码',
  '驗證碼',
  '支付密码',
  '暗证',
  'パスワード',
  '暗証番号',
  '비밀번호',
  '인증번호',
  '암호',
];

/** The most words a phrase has; the phrase table is read in windows of this size. */
const MAX_PHRASE_WORDS = 4;

/** Characters of a name or title looked at; a longer title asks for no more, and reading stays cheap. */
const MAX_TEXT = 1000;

// The tables go through the same normalisation as the text, so they match as written
// (NFKD would split a katakana パ into ハ and a mark, for example).
const phraseForms = new Set(SECRET_PHRASES.map((phrase) => splitWords(normalize(phrase)).join('')));
const exceptionForms = new Set(NOT_SECRET_PHRASES.map((phrase) => splitWords(normalize(phrase)).join('')));
const stems = SECRET_STEMS.map(normalize);
const substrings = SECRET_SUBSTRINGS.map(normalize);

/**
 * The default rule for fields to treat as secrets when the server did not flag them: a name or
 * title that asks for a password, PIN, key, token, one-time code, recovery phrase or payment data
 * (which MCP forbids servers to ask for in a form). It applies to every field kind: an integer
 * PIN or a numeric CVV is as secret as a text password. Secret fields are masked, never stored in
 * drafts, never logged.
 *
 * The parser applies it once, where form fields are built, and sets `field.secret`; call it
 * yourself only to check a name.
 *
 * Words count, not letters: `api_key`, `accessToken`, `one-time-code`, `PIN`, `cvv2`, "2FA code",
 * "Credit card", `cc_number`, "SSH key", `credentials`, `Authorization`, `cookie`, `PW`,
 * `Kennwort`, "Contraseña", "mot de passe" and "密码" match; `footprint`, `passport_country`,
 * `compass_heading`, `bypass_reason`, `passenger_count`, `tokenizer_model`, `pinned`, `topic`,
 * `cc`, "Cookie preferences" and "Public SSH key" do not.
 *
 * @example
 * ```ts
 * looksSecret({ name: 'api_key' }); // true
 * looksSecret({ name: 'code', title: 'PIN' }); // true
 * looksSecret({ name: 'passport_country' }); // false
 * ```
 */
export function looksSecret(field: { name: string; title?: string | undefined }): boolean {
  return textLooksSecret(field.name) || (typeof field.title === 'string' && textLooksSecret(field.title));
}

function textLooksSecret(raw: string): boolean {
  // Servers ask the same names and titles again and again (every call of a tool, a chat's
  // history of its cards): a verdict is kept, for a bounded number of texts.
  // Only texts up to MAX_TEXT are kept, so the memory stays bounded too.
  if (raw.length > MAX_TEXT) return readLooksSecret(raw);
  const known = verdicts.get(raw);
  if (known !== undefined) return known;
  const verdict = readLooksSecret(raw);
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  verdicts.set(raw, verdict);
  return verdict;
}

const verdicts = new Map<string, boolean>();
const MAX_VERDICTS = 1000;

function readLooksSecret(raw: string): boolean {
  const text = normalize(raw.length > MAX_TEXT ? raw.slice(0, MAX_TEXT) : raw);
  if (substrings.some((substring) => text.includes(substring))) return true;
  const words = splitWords(text);
  for (let start = 0; start < words.length; start++) {
    let joined = '';
    let excepted = false;
    for (let end = start; end < Math.min(words.length, start + MAX_PHRASE_WORDS); end++) {
      joined += words[end];
      if (exceptionForms.has(joined)) excepted = true;
    }
    if (excepted) {
      start += 1; // skip the exception's second word too ("palabra clave")
      continue;
    }
    joined = '';
    for (let end = start; end < Math.min(words.length, start + MAX_PHRASE_WORDS); end++) {
      joined += words[end];
      if (phraseForms.has(joined)) return true;
    }
    const word = words[start] as string;
    if (stems.some((stem) => word.includes(stem))) return true;
  }
  return false;
}

/**
 * Lower case without accents, compatibility forms folded (full-width letters), invisible format
 * characters (zero-width spaces, bidi marks) removed so they cannot split or hide a word.
 */
function normalize(text: string): string {
  // Most names and titles are ASCII, where folding and removing marks change nothing.
  const folded = ASCII.test(text) ? text : text.normalize('NFKD').replace(/[\p{Mn}\p{Cf}]/gu, '');
  return splitCase(folded).toLowerCase();
}

/**
 * A space where case says a word starts: camelCase → camel Case, APIKey → API Key. Letter case is
 * read from the case mappings, not from `\p{Lu}`/`\p{Ll}` regular expressions, whose Unicode
 * tables cost milliseconds to compile when a page first reads a name.
 */
function splitCase(text: string): string {
  const chars = Array.from(text);
  let split = '';
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index] as string;
    const before = chars[index - 1];
    const after = chars[index + 1];
    if (
      before !== undefined &&
      isUpper(char) &&
      (isLower(before) || (isUpper(before) && after !== undefined && isLower(after)))
    ) {
      split += ' ';
    }
    split += char;
  }
  return split;
}

function isUpper(char: string): boolean {
  return char !== char.toLowerCase() && char === char.toUpperCase();
}

function isLower(char: string): boolean {
  return char !== char.toUpperCase() && char === char.toLowerCase();
}

/** Words: runs of letters, or runs of digits; everything else separates. */
function splitWords(text: string): string[] {
  return (ASCII.test(text) ? text.match(/[a-z]+|[0-9]+/g) : text.match(/\p{L}+|\p{N}+/gu)) ?? [];
}
