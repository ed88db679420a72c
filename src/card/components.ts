import type { ComponentType } from 'react';
import type { FieldProps } from './Field.js';
import type { FormRequestSectionProps } from './FormRequestSection.js';
import type { LinkRequestSectionProps } from './LinkRequestSection.js';
import type { SectionStatusProps } from './SectionStatus.js';
import type { TaskResultProps } from './TaskResult.js';
import type { UnsupportedRequestSectionProps } from './UnsupportedRequestSection.js';

/**
 * Parts of the card you can replace with your own components. Each receives the same props as
 * the built-in part, so it can wrap it, restyle it or render something else entirely.
 *
 * @example
 * ```tsx
 * const components: InputRequestComponents = {
 *   Field: (props) => <div className="my-field"><Field {...props} /></div>,
 *   LinkRequest: MyLinkCard,
 * };
 * <InputRequestCard components={components} … />
 * ```
 */
export interface InputRequestComponents {
  FormRequest?: ComponentType<FormRequestSectionProps>;
  LinkRequest?: ComponentType<LinkRequestSectionProps>;
  UnsupportedRequest?: ComponentType<UnsupportedRequestSectionProps>;
  /** One field of a form request. */
  Field?: ComponentType<FieldProps>;
  /** The "answered, waiting for the others" line in a round of several requests. */
  SectionStatus?: ComponentType<SectionStatusProps>;
  /** A completed task's result (MCP `content`, `structuredContent`, `isError`): render it your way. */
  TaskResult?: ComponentType<TaskResultProps>;
}
