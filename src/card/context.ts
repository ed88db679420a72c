'use client';
import { createContext, useContext } from 'react';
import type { FieldSpec } from '../core/model.js';
import type { InputRequestSession } from '../core/session.js';
import type { RegistrableDomainFinder } from '../core/url.js';
import type { AnswerChecker, FieldError } from '../core/validate.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import type { InputRequestComponents } from './components.js';
import type { FormLayout } from './FormSteps.js';

/** What every part of a card shares: the round's session, the words, the replaceable parts. */
export interface InputRequestCardContext {
  session: InputRequestSession;
  messages: InputRequestMessages;
  components: InputRequestComponents;
  checker: AnswerChecker | undefined;
  formatError: (error: FieldError, field: FieldSpec) => string;
  /** Where link requests emphasise the registrable domain (default: the full Public Suffix List). */
  registrableDomain: RegistrableDomainFinder | undefined;
  /** How form requests lay out their fields (`layout` of the card). */
  layout: FormLayout;
  /** Decline or Cancel asks first on a form that holds what the person entered (`confirmRefusal`). */
  confirmRefusal: boolean;
}

export const CardContext = createContext<InputRequestCardContext | null>(null);

/**
 * The card a part is rendered in: its session, messages and parts. For replacement parts (the
 * `components` prop) that need more than their props.
 *
 * @example
 * ```tsx
 * function MyLinkRequest(props: LinkRequestSectionProps) {
 *   const { messages } = useInputRequestCard();
 *   return <LinkRequestSection {...props} messages={{ ...messages, openLink: 'Sign in' }} />;
 * }
 * ```
 */
export function useInputRequestCard(): InputRequestCardContext {
  const context = useContext(CardContext);
  if (!context) {
    throw new Error(
      'input-request-cards: a card part was rendered outside <InputRequestCard>. Render it through the card (e.g. its `components` prop), or use the headless hooks instead.',
    );
  }
  return context;
}
