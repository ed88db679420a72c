'use client';

import { createContext, type ReactNode, useContext } from 'react';
import type { FieldSpec, FormRequest } from '../core/model.js';
import type { ReceiptValue } from '../core/receipt.js';
import { shownName, shownText } from '../core/shown-text.js';
import { isolated, textDirection } from '../i18n/format.js';
import type { InputRequestMessages } from '../i18n/messages.js';

/**
 * Attributes for an element that holds server-authored text: its direction comes from the text
 * itself (`dir="auto"`), so a right-to-left message reads right, and a bidi override inside it
 * cannot reorder the host's own words around it.
 */
export const serverText = { dir: 'auto' } as const;

/** The language of the server's text in the request being rendered (BCP 47), when known. */
const ServerLanguage = createContext<string | undefined>(undefined);

/** Gives the sections of one request the language of its server text (`contentLanguage`). */
export const ServerLanguageProvider = ServerLanguage.Provider;

/** `lang` for server text in the current request, or nothing: for inline text that needs no `dir`. */
export function useServerLanguage(): { lang?: string } {
  const lang = useContext(ServerLanguage);
  return lang === undefined ? NO_LANGUAGE : { lang };
}

/** {@link serverText} plus the request's `lang`, when the server said which language it writes. */
export function useServerText(): { dir: 'auto'; lang?: string } {
  return serverTextIn(useContext(ServerLanguage));
}

/** {@link serverText} plus `lang`, when the language is known: for text outside a request's section. */
export function serverTextIn(lang: string | undefined): { dir: 'auto'; lang?: string } {
  return lang === undefined ? serverText : { dir: 'auto', lang };
}

const NO_LANGUAGE: { lang?: string } = {};

/**
 * The sentence a flat-list round asks with ("Additional input required: Email, Code."), as the
 * card shows it: its labels, server text, cut like any name and each a directional isolate, so an
 * override in one cannot turn the sentence around (whatever messages the host gives).
 */
export function additionalInputText(request: FormRequest, messages: InputRequestMessages): string {
  return messages.additionalInputRequired(
    (request.messageParams?.labels ?? []).map((label) => isolated(shownName(label))),
  );
}

/** A character no message contains: where the server's text goes in a host sentence. */
const SLOT = '\uE000';

/**
 * A host sentence with server text in it (e.g. "GitHub is asking"): the server text sits in its
 * own `<bdi>`, so a right-to-left or overriding name (U+202E) cannot reorder the host's words
 * around it, whatever the language of the sentence.
 */
export function withServerText(sentence: (text: string) => string, name: string): ReactNode {
  const text = shownName(name);
  const words = sentence(SLOT);
  const at = words.indexOf(SLOT);
  if (at < 0) return words;
  return (
    <>
      {words.slice(0, at)}
      <bdi>{text}</bdi>
      {words.slice(at + SLOT.length).replaceAll(SLOT, text)}
    </>
  );
}

/** The words that say how much of a long text is not shown, and their language. */
export type CutWords = Pick<InputRequestMessages, 'textCut' | 'locale'>;

/**
 * Prose the server wrote (a message, a description, a task's status or result) as the card shows
 * it: whole, or cut at `SHOWN_TEXT_LIMITS.prose` characters, ended with "…" and followed by how
 * many characters are not shown, in the reader's words (`textCut`), marked with the reader's
 * language: inside server text of another, a screen reader would read them in that one's voice.
 */
export function shownProse(prose: string, words: CutWords, kind: 'prose' | 'answer' = 'prose'): ReactNode {
  const shown = shownText(prose, kind);
  if (shown.cut === 0) return prose;
  return (
    <>
      {shown.text}…
      <span data-part="text-cut" lang={words.locale} dir={textDirection(words.locale)}>
        {' '}
        {words.textCut(shown.cut)}
      </span>
    </>
  );
}

/**
 * An answer read back (the receipt, the AI SDK summary, the step review), given as `text` in the
 * reader's words: typed text is cut like prose, at `SHOWN_TEXT_LIMITS.answer` characters, since a
 * read-back is a recap and a pasted megabyte would be laid out whole in every receipt of a
 * transcript (the answer itself is sent whole); other kinds are short already.
 */
export function shownAnswer(value: ReceiptValue, text: string, words: CutWords): ReactNode {
  return value.kind === 'text' ? shownProse(text, words, 'answer') : text;
}

/**
 * A field's label in words, whole: its title, else its name, else `messages.unnamedField` for the
 * empty name. Shown on the card through `shownName`; copied whole.
 */
export function fieldLabel(field: FieldSpec, messages: Pick<InputRequestMessages, 'unnamedField'>): string {
  return field.title ?? (field.name === '' ? messages.unnamedField : field.name);
}
