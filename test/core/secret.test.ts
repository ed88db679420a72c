// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { FormRequest } from '../../src/core/model.ts';
import { parseSuspension } from '../../src/core/parse/index.ts';
import { looksSecret } from '../../src/core/secret.ts';

/** Names and titles that ask for a secret, by language. */
const SECRET: ReadonlyArray<readonly [string, string]> = [
  // English, every way names are written
  ['en', 'password'],
  ['en', 'Password'],
  ['en', 'PASSWORD'],
  ['en', 'new_password'],
  ['en', 'confirmPassword'],
  // camelCase outside ASCII: the case split must still find the word
  ['es', 'códigoPIN'],
  ['ru', 'новыйПароль'],
  ['en', 'password2'],
  ['en', 'mypassword'],
  ['en', 'pass_word'],
  ['en', 'passwd'],
  ['en', 'pwd'],
  ['en', 'passcode'],
  ['en', 'passphrase'],
  ['en', 'secret'],
  ['en', 'client_secret'],
  ['en', 'clientSecret'],
  ['en', 'token'],
  ['en', 'accessToken'],
  ['en', 'refresh-token'],
  ['en', 'github.token'],
  ['en', 'jwt'],
  ['en', 'JWT'],
  ['en', 'bearer'],
  ['en', 'Bearer token'],
  ['en', 'api_key'],
  ['en', 'apiKey'],
  ['en', 'APIKey'],
  ['en', 'api-key'],
  ['en', 'apikey'],
  ['en', 'API key'],
  ['en', 'access_key'],
  ['en', 'access_key_id'],
  ['en', 'AWS access key ID'],
  ['en', 'private_key'],
  ['en', 'privateKey'],
  ['en', 'pin'],
  ['en', 'PIN'],
  ['en', 'pin_code'],
  ['en', 'pinCode'],
  ['en', 'Your PIN'],
  ['en', 'cvc'],
  ['en', 'cvv'],
  ['en', 'cvv2'],
  ['en', 'CVV2'],
  ['en', 'security_code'],
  ['en', 'Security code'],
  ['en', 'card_number'],
  ['en', 'cardNumber'],
  ['en', 'Card number'],
  ['en', 'iban'],
  ['en', 'IBAN'],
  ['en', 'otp'],
  ['en', 'OTP code'],
  ['en', 'one_time_code'],
  ['en', 'oneTimeCode'],
  ['en', 'one-time-password'],
  ['en', 'One-time password'],
  ['en', '2fa_code'],
  ['en', '2FA code'],
  ['en', 'mfa_code'],
  ['en', 'MFA code'],
  ['en', 'seed_phrase'],
  ['en', 'Seed phrase'],
  ['en', 'mnemonic'],
  ['en', 'recovery_phrase'],
  ['en', 'Recovery phrase'],
  ['en', 'verification code'],
  // Payment data, keys, sign-in material, short and disguised password names
  ['en', 'Credit card'],
  ['en', 'creditCard'],
  ['en', 'credit_card_number'],
  ['en', 'debit card'],
  ['en', 'cc_number'],
  ['en', 'ccNumber'],
  ['en', 'card_no'],
  ['en', 'CVC/CVV'],
  ['en', 'ccv'],
  ['en', 'SSH key'],
  ['en', 'ssh_key'],
  ['en', 'SSH private key'],
  ['en', 'PGP key'],
  ['en', 'pgp_key'],
  ['en', 'GPG key'],
  ['en', 'credentials'],
  ['en', 'AWS credentials'],
  ['en', 'Authorization'],
  ['en', 'Authorization header'],
  ['en', 'cookie'],
  ['en', 'Session cookie'],
  ['en', 'PW'],
  ['en', 'db_pw'],
  ['en', 'userPW'],
  ['en', 'passw0rd'],
  ['en', 'Security answer'],
  ['de', 'Kreditkarte'],
  ['de', 'Kreditkartennummer'],
  ['de', 'Zugangsdaten'],
  ['es', 'Tarjeta de crédito'],
  ['fr', 'Carte bancaire'],
  ['en', 'ｐａｓｓｗｏｒｄ'], // full-width letters
  ['en', 'pass\u200Bword'], // a zero-width space cannot hide the word
  // German
  ['de', 'Passwort'],
  ['de', 'passwort'],
  ['de', 'Neues Passwort'],
  ['de', 'Einmalpasswort'],
  ['de', 'Kennwort'],
  ['de', 'Geheimzahl'],
  ['de', 'PIN'],
  ['de', 'PIN-Code'],
  ['de', 'Sicherheitscode'],
  // Spanish
  ['es', 'contraseña'],
  ['es', 'Contraseña'],
  ['es', 'contrasena'],
  ['es', 'Contrasen\u0303a'], // ñ written as n + combining tilde
  ['es', 'clave'],
  ['es', 'Clave de acceso'],
  ['es', 'código de seguridad'],
  // French
  ['fr', 'mot de passe'],
  ['fr', 'Mot de passe'],
  ['fr', 'mot_de_passe'],
  ['fr', 'motDePasse'],
  ['fr', 'code secret'],
  ['fr', 'Code PIN'],
  // Chinese, Japanese, Korean, Russian, Portuguese, Dutch
  ['zh', '密码'],
  ['zh', '请输入密码'],
  ['zh', '支付密码'],
  ['zh', '口令'],
  ['zh', '验证码'],
  ['zh', '短信验证码'],
  ['zh-Hant', '密碼'],
  ['ja', 'パスワード'],
  ['ja', '暗証番号'],
  ['ko', '비밀번호'],
  ['ru', 'Пароль'],
  ['pt', 'senha'],
  ['nl', 'wachtwoord'],
];

/** Names and titles that only look like one to a substring rule. */
const NOT_SECRET: ReadonlyArray<readonly [string, string]> = [
  ['en', 'footprint'],
  ['en', 'passport_country'],
  ['en', 'passportCountry'],
  ['en', 'Passport number'],
  ['en', 'compass_heading'],
  ['en', 'bypass_reason'],
  ['en', 'passenger_count'],
  ['en', 'passengers'],
  ['en', 'tokenizer_model'],
  ['en', 'max_tokens'],
  ['en', 'Max tokens'],
  ['en', 'pinned'],
  ['en', 'spinner'],
  ['en', 'opinion'],
  ['en', 'topic'],
  ['en', 'mpg'],
  ['en', 'email'],
  ['en', 'username'],
  ['en', 'keyboard_layout'],
  ['en', 'primary_key'],
  ['en', 'monkey'],
  ['en', 'secretary'],
  ['en', 'pinyin'],
  ['en', 'hotpot'],
  ['en', 'topology'],
  ['en', 'codepoint'],
  ['en', 'Zip code'],
  ['en', 'Country code'],
  ['en', 'passport photo'],
  ['en', 'passenger'],
  ['en', 'cc'],
  ['en', 'CC'],
  ['en', 'auth_method'],
  ['en', 'Cookie preferences'],
  ['en', 'cookie_consent'],
  ['en', 'Cookie settings'],
  ['en', 'Credential type'],
  ['en', 'credential_id'],
  ['en', 'Authorization status'],
  ['en', 'Credit card type'],
  ['en', 'credit_limit'],
  ['en', 'Card holder'],
  ['en', 'business card'],
  ['en', 'Public SSH key'],
  ['en', 'ssh_public_key'],
  ['en', 'public_pgp_key'],
  ['en', 'author'],
  ['en', 'authority'],
  ['en', 'power'],
  ['de', 'Passagier'],
  ['de', 'Kennzeichen'],
  ['de', 'Stadt'],
  ['es', 'palabra clave'],
  ['es', 'palabras_clave'],
  ['es', 'clavel'],
  ['fr', 'passe-partout'],
  ['fr', 'dépasser'],
  ['fr', 'mot'],
  ['zh', '密度'],
  ['zh', '代码'],
  ['zh', '码头'],
  ['zh', '口号'],
];

describe('looksSecret', () => {
  it.each(SECRET)('%s: %j asks for a secret', (_language, text) => {
    expect(looksSecret({ name: text })).toBe(true);
    expect(looksSecret({ name: 'field', title: text })).toBe(true);
  });

  it.each(NOT_SECRET)('%s: %j does not', (_language, text) => {
    expect(looksSecret({ name: text })).toBe(false);
    expect(looksSecret({ name: 'field', title: text })).toBe(false);
  });

  it('stays cheap on a megabyte of title and reads only its start', () => {
    const started = performance.now();
    expect(looksSecret({ name: 'x', title: `${'a '.repeat(500_000)}password` })).toBe(false);
    expect(looksSecret({ name: 'x', title: `password ${'a'.repeat(1_000_000)}` })).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('gives the same verdict when asked again, also after thousands of other texts', () => {
    const cases = [...SECRET, ...NOT_SECRET].map(([, text]) => [text, looksSecret({ name: text })] as const);
    // More distinct texts than the verdicts it keeps, each a secret or not by its number.
    const many = Array.from({ length: 2500 }, (_, index) => `${index % 2 ? 'api key' : 'city'} ${index}`);
    for (const round of [1, 2]) {
      expect(many.filter((text) => looksSecret({ name: text })).length, `round ${round}`).toBe(1250);
      for (const [text, verdict] of cases) expect(looksSecret({ name: text }), text).toBe(verdict);
    }
  });
});

describe('secret fields are flagged where fields are built', () => {
  const form = (wire: unknown): FormRequest => {
    const [request] = parseSuspension(wire).requests;
    if (request?.kind !== 'form') throw new Error(`expected a form, got ${JSON.stringify(request)}`);
    return request;
  };

  it('flags every field kind of an elicitation form by name or title', () => {
    const request = form({
      method: 'elicitation/create',
      params: {
        message: 'Pay',
        requestedSchema: {
          type: 'object',
          properties: {
            pin: { type: 'integer' },
            cvv: { type: 'number', title: 'CVV' },
            card: { type: 'string', title: 'Card number' },
            kennwort: { type: 'string', enum: ['a', 'b'] },
            remember_token: { type: 'boolean' },
            recovery: { type: 'array', title: 'Recovery phrase', items: { type: 'string', enum: ['x'] } },
            email: { type: 'string', format: 'email' },
            passport_country: { type: 'string' },
          },
        },
      },
    });
    expect(request.fields.map((field) => [field.name, field.kind, field.secret === true])).toEqual([
      ['pin', 'integer', true],
      ['cvv', 'number', true],
      ['card', 'text', true],
      ['kennwort', 'single-select', true],
      ['remember_token', 'boolean', true],
      ['recovery', 'multi-select', true],
      ['email', 'email', false],
      ['passport_country', 'text', false],
    ]);
  });

  it('flags a property the schema marks writeOnly (JSON Schema: sent, never shown back), whatever its name', () => {
    const request = form({
      method: 'elicitation/create',
      params: {
        message: 'Connect',
        requestedSchema: {
          type: 'object',
          properties: {
            value: { type: 'string', writeOnly: true },
            code: { type: 'integer', writeOnly: true },
            shown: { type: 'string', writeOnly: false },
            plain: { type: 'string' },
          },
        },
      },
    });
    expect(request.fields.map((field) => [field.name, field.secret === true])).toEqual([
      ['value', true],
      ['code', true],
      ['shown', false],
      ['plain', false],
    ]);
  });

  it('flags fields of every dialect that builds forms: MRTR, flat lists', () => {
    const mrtr = form({
      resultType: 'input_required',
      inputRequests: {
        login: {
          method: 'elicitation/create',
          params: {
            message: 'Sign in',
            requestedSchema: {
              type: 'object',
              properties: { user: { type: 'string' }, pwd: { type: 'string' } },
            },
          },
        },
      },
    });
    expect(mrtr.fields.map((field) => field.secret === true)).toEqual([false, true]);

    const flat = form([{ name: 'city' }, { name: 'otp', type: 'integer' }, { name: 'note', secret: true }]);
    expect(flat.fields.map((field) => field.secret === true)).toEqual([false, true, true]);
  });
});
