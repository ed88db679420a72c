// A page that builds the raw DOM form (no React): what the bundle-size table measures.
import type { BenchOption } from '../options/types.ts';

export function mountDomPage(option: BenchOption, element: HTMLElement | null): void {
  const schema = JSON.parse(document.getElementById('schema')?.textContent ?? '{}');
  if (element)
    option.mount?.(
      element,
      option.prepare(schema, () => {}),
    );
}
