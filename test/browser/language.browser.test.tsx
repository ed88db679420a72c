import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { InputRequestCard, parseSuspension } from '../../src/index.ts';
import '../../src/styles.css';

// A server name with a right-to-left override (U+202E) must not flip the host's own words around
// it. Drawn in Chromium: the heading of a card from "\u202EomeD" must look exactly like the heading
// of a card from "Demo" (the override reverses the name inside its <bdi> only), and an Arabic
// name must leave "is asking" where it was.

const RLO = '\u202E';

function round(serverName: string) {
  return parseSuspension(
    {
      inputRequests: {
        q: {
          method: 'elicitation/create',
          params: {
            message: 'Pick a size.',
            requestedSchema: { type: 'object', properties: { size: { type: 'string', title: 'Size' } } },
          },
        },
      },
    },
    // A round of its own per name: cards of one round on a page share one session (and its heading).
    { serverName, id: `bidi-${serverName}` },
  );
}

/** The card's heading as pixels (base64 PNG), drawn alone at a fixed width. */
async function headingPixels(serverName: string): Promise<string> {
  const view = render(
    <div style={{ inlineSize: '28rem' }}>
      <InputRequestCard suspension={round(serverName)} resume={async () => undefined} />
    </div>,
  );
  const heading = view.container.querySelector<HTMLElement>('[data-part="heading"]');
  if (!heading) throw new Error('no heading');
  const pixels: string = await page.screenshot({ element: heading, base64: true, save: false });
  view.unmount();
  return pixels;
}

describe('server text in its own direction (Chromium)', () => {
  it('a bidi-override server name does not reorder "is asking"', async () => {
    const plain = await headingPixels('Demo');
    const overridden = await headingPixels(`${RLO}omeD`);
    expect(overridden).toBe(plain);
    // The check can tell headings apart: another name draws differently.
    expect(await headingPixels('Deno')).not.toBe(plain);
  });

  it('an Arabic server name stays inside its isolate: the host words keep their place', async () => {
    const view = render(
      <div style={{ inlineSize: '28rem' }}>
        <InputRequestCard suspension={round('خادم التقويم')} resume={async () => undefined} />
      </div>,
    );
    const heading = view.container.querySelector<HTMLElement>('[data-part="heading"]');
    const name = heading?.querySelector('bdi')?.getBoundingClientRect();
    const range = document.createRange();
    const words = heading?.lastChild;
    if (!heading || !name || !words) throw new Error('no heading');
    range.selectNodeContents(words);
    const host = range.getBoundingClientRect();
    // Left-to-right chrome: the name first, then " is asking" to its right.
    expect(host.left).toBeGreaterThanOrEqual(name.right - 1);
    expect(words.textContent).toBe(' is asking');
  });
});
