// A page that renders one React option's form: what the bundle-size table measures.
import { createRoot } from 'react-dom/client';
import type { BenchOption } from '../options/types.ts';

export function renderOptionPage(option: BenchOption, element: HTMLElement | null): void {
  const schema = JSON.parse(document.getElementById('schema')?.textContent ?? '{}');
  const prepared = option.prepare(schema, () => {});
  if (element && option.render) createRoot(element).render(option.render(prepared));
}
