// `node scripts/measure-look.mjs [--reuse]`: measures our card beside Radix Themes and shadcn/ui in
// the Card/Comparison stories (light and dark) in Chromium and prints the tables of docs/LOOK.md:
// type scale, spacing, radius, control heights, focus rings, and WCAG contrast ratios of text and
// control edges against what is behind them. Colours are resolved by painting them on a canvas,
// so oklch(), display-p3 and alpha colours (both kits use them) compare like any other.
// --reuse keeps an existing storybook-static/ build. Chromium: CHROMIUM_PATH, or /usr/bin/chromium.
import { buildStorybook, launchChromium, startPreview } from './storybook-preview.mjs';

const port = 6008;

/**
 * The Radix Themes and shadcn/ui columns mark each role with `data-m` in the Comparison story;
 * only their radio buttons cannot carry the mark and are found their own way.
 */
function marked(radio) {
  const roles = {};
  for (const role of [
    'card',
    'title',
    'muted',
    'body',
    'label',
    'input',
    'description',
    'invalid-input',
    'error',
    'checkbox',
    'primary',
    'secondary',
  ]) {
    roles[role] = `[data-m="${role}"]`;
  }
  return { ...roles, radio };
}

/** What to measure in each kit's column: a CSS selector per role. */
const roles = {
  ours: {
    card: '[data-part="card"]',
    title: '[data-part="heading"]',
    muted: '[data-part="tool"]',
    body: '[data-part="message"]',
    label: '[data-part="label"]',
    input: 'input[type="text"]',
    description: '[data-part="description"]',
    'invalid-input': 'input[aria-invalid="true"]',
    error: '[data-part="error"]',
    checkbox: 'input[type="checkbox"]',
    radio: 'input[type="radio"]',
    primary: 'button[data-action="accept"]',
    secondary: 'button[data-action="decline"]',
  },
  radix: { ...marked('[data-m="radio-group"] [role="radio"]') },
  shadcn: { ...marked('.sc-radio') },
};

/** Runs in the page: every number of one kit's column. */
function measureColumn({ kit, roles }) {
  const column = document.querySelector(`[data-kit="${kit}"]`);
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const paint = canvas.getContext('2d', { willReadFrequently: true });
  /** Paints `colours` (bottom first) over white and returns the visible sRGB pixel. */
  const composite = (colours) => {
    paint.clearRect(0, 0, 1, 1);
    paint.fillStyle = '#fff';
    paint.fillRect(0, 0, 1, 1);
    for (const colour of colours) {
      paint.fillStyle = '#fff';
      paint.fillStyle = colour;
      paint.fillRect(0, 0, 1, 1);
    }
    const [r, g, b] = paint.getImageData(0, 0, 1, 1).data;
    return [r, g, b];
  };
  const alphaOf = (colour) => {
    paint.clearRect(0, 0, 1, 1);
    paint.fillStyle = '#000';
    paint.fillStyle = colour;
    paint.fillRect(0, 0, 1, 1);
    return paint.getImageData(0, 0, 1, 1).data[3] / 255;
  };
  /** The stack of backgrounds behind an element, bottom first, down to the first opaque one. */
  const backgroundsBehind = (element) => {
    const stack = [];
    for (let node = element; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (alphaOf(colour) === 0) continue;
      stack.unshift(colour);
      if (alphaOf(colour) === 1) break;
    }
    return stack;
  };
  const luminance = ([r, g, b]) => {
    const channel = (value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const ratio = (a, b) => {
    const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return Math.round(((high + 0.05) / (low + 0.05)) * 100) / 100;
  };
  const hex = ([r, g, b]) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  /** The colour of an edge drawn as a border, or else as an inset/outset box-shadow ring. */
  const colourIn = /(rgba?\([^)]*\)|oklch\([^)]*\)|oklab\([^)]*\)|color\([^)]*\))/;
  const ownEdge = (style) => {
    if (Number.parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== 'none')
      return style.borderTopColor;
    const shadow = style.boxShadow === 'none' ? null : style.boxShadow.match(colourIn);
    return shadow ? shadow[1] : null;
  };
  /** Radix Themes draws edges on ::before / ::after; null when nothing draws one. */
  const edgeOf = (element) =>
    ownEdge(getComputedStyle(element)) ??
    ownEdge(getComputedStyle(element, '::before')) ??
    ownEdge(getComputedStyle(element, '::after'));
  const edgeColour = (style) => ownEdge(style) ?? 'transparent';
  /** Radix draws a field's edge on the wrapper around the <input>. */
  const frameOf = (element) => element.closest('.rt-TextFieldRoot') ?? element;

  const get = (role) => column.querySelector(roles[role]);
  const card = get('card');
  const cardBehind = backgroundsBehind(card);
  const cardBg = composite(cardBehind);
  const out = { kit };
  const text = (role) => {
    const element = get(role);
    const style = getComputedStyle(element);
    const fg = composite([...backgroundsBehind(element), style.color]);
    const bg = composite(backgroundsBehind(element));
    return {
      size: Number.parseFloat(style.fontSize),
      lineHeight: style.lineHeight === 'normal' ? 'normal' : Number.parseFloat(style.lineHeight),
      weight: Number(style.fontWeight),
      colour: hex(fg),
      contrast: ratio(fg, bg),
    };
  };
  for (const role of ['title', 'body', 'label', 'muted', 'description', 'error']) out[role] = text(role);

  const cardStyle = getComputedStyle(card);
  out.card = {
    background: hex(cardBg),
    padding: `${Number.parseFloat(cardStyle.paddingBlockStart)}/${Number.parseFloat(cardStyle.paddingInlineStart)}`,
    radius: Number.parseFloat(cardStyle.borderTopLeftRadius),
    edge: hex(composite([...backgroundsBehind(card.parentElement), edgeOf(card) ?? 'transparent'])),
    edgeContrast: ratio(
      composite([...backgroundsBehind(card.parentElement), edgeOf(card) ?? 'transparent']),
      composite(backgroundsBehind(card.parentElement)),
    ),
  };

  const control = (role) => {
    const element = get(role);
    const frame = frameOf(element);
    const style = getComputedStyle(frame);
    const box = frame.getBoundingClientRect();
    const behind = backgroundsBehind(frame.parentElement);
    const drawn = edgeOf(frame);
    // A native checkbox or radio: Chromium paints its edge itself (#767676 light, #858585 dark).
    const native =
      frame instanceof HTMLInputElement &&
      ['checkbox', 'radio'].includes(frame.type) &&
      getComputedStyle(frame).appearance !== 'none';
    const dark = getComputedStyle(frame).colorScheme.includes('dark');
    const edge = composite([...behind, native ? (dark ? '#858585' : '#767676') : (drawn ?? 'transparent')]);
    return {
      edgeKind: native ? 'native' : drawn ? 'drawn' : 'none',
      height: Math.round(box.height * 10) / 10,
      width: Math.round(box.width * 10) / 10,
      radius: Number.parseFloat(style.borderTopLeftRadius),
      fontSize: Number.parseFloat(getComputedStyle(element).fontSize),
      padInline: Number.parseFloat(getComputedStyle(element).paddingInlineStart),
      edge: hex(edge),
      edgeContrast: ratio(edge, composite(behind)),
    };
  };
  for (const role of ['input', 'invalid-input', 'checkbox', 'radio', 'primary', 'secondary'])
    out[role] = control(role);

  const primary = get('primary');
  const primaryStyle = getComputedStyle(primary);
  const primaryBg = composite([...backgroundsBehind(primary)]);
  out.primary.text = ratio(composite([...backgroundsBehind(primary), primaryStyle.color]), primaryBg);
  out.primary.weight = Number(primaryStyle.fontWeight);

  // Spacing: label → control, and the pitch from one field's control to the next.
  const label = get('label').getBoundingClientRect();
  const input = frameOf(get('input')).getBoundingClientRect();
  const invalid = frameOf(get('invalid-input')).getBoundingClientRect();
  const primaryBox = primary.getBoundingClientRect();
  const secondaryBox = get('secondary').getBoundingClientRect();
  out.spacing = {
    labelToControl: Math.round((input.top - label.bottom) * 10) / 10,
    fieldPitch: Math.round((invalid.top - input.top) * 10) / 10,
    buttonGap: Math.round(Math.abs(secondaryBox.left - primaryBox.right) * 10) / 10,
  };

  // Focus ring on the text input and on the primary button.
  const ring = (element, frame) => {
    element.focus();
    const style = getComputedStyle(frame);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const colour = outline ? style.outlineColor : edgeColour(style);
    const behind = backgroundsBehind(frame.parentElement);
    const seen = composite([...behind, colour]);
    const width = outline
      ? `outline ${Number.parseFloat(style.outlineWidth)}px +${Number.parseFloat(style.outlineOffset)}px offset`
      : `shadow ${style.boxShadow.replace(/(rgba?\([^)]*\)|oklch\([^)]*\)|color\([^)]*\))/g, '').trim()}`;
    element.blur();
    return { how: width, colour: hex(seen), contrast: ratio(seen, composite(behind)) };
  };
  out.focusInput = ring(get('input'), frameOf(get('input')));
  out.focusButton = ring(primary, primary);
  out.font = getComputedStyle(get('body')).fontFamily.split(',')[0];
  return out;
}

async function main() {
  buildStorybook({ reuse: process.argv.includes('--reuse') });
  const preview = await startPreview(port);
  let browser;
  const results = {};
  try {
    browser = await launchChromium();
    for (const theme of ['light', 'dark']) {
      const context = await browser.newContext({
        colorScheme: theme,
        viewport: { width: 1400, height: 1100 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await page.goto(`${preview.origin}/iframe.html?id=card-comparison--${theme}&viewMode=story`);
      await page.waitForFunction(
        () => ['completed', 'finished'].includes(window.__STORYBOOK_PREVIEW__?.currentRender?.phase),
        undefined,
        { timeout: 60_000, polling: 100 },
      );
      results[theme] = {};
      for (const kit of Object.keys(roles)) {
        results[theme][kit] = await page.evaluate(measureColumn, { kit, roles: roles[kit] });
      }
      await context.close();
    }
  } finally {
    await browser?.close();
    preview.stop();
  }
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
    return;
  }
  for (const theme of Object.keys(results)) print(theme, results[theme]);
}

/** A control's edge: its contrast and colour, whether the browser paints it, or that it has none. */
const edgeCell = (control) =>
  control.edgeKind === 'none'
    ? 'no edge'
    : `${control.edgeContrast} (${control.edge}${control.edgeKind === 'native' ? ', native' : ''})`;

function print(theme, kits) {
  const names = { ours: 'ours', radix: 'Radix Themes', shadcn: 'shadcn/ui' };
  const columns = Object.keys(kits);
  const row = (label, pick) => `| ${label} | ${columns.map((kit) => String(pick(kits[kit]))).join(' | ')} |`;
  const lines = [
    `### ${theme}`,
    '',
    `| | ${columns.map((kit) => names[kit]).join(' | ')} |`,
    `|---|${columns.map(() => '---').join('|')}|`,
    row('font (first family)', (k) => k.font),
    ...['title', 'body', 'label', 'muted', 'description', 'error'].map((role) =>
      row(
        `${role}: px / line / weight`,
        (k) => `${k[role].size} / ${k[role].lineHeight} / ${k[role].weight}`,
      ),
    ),
    row('card padding block/inline px', (k) => k.card.padding),
    row('card radius px', (k) => k.card.radius),
    row('label → control px', (k) => k.spacing.labelToControl),
    row('field pitch px (control top to next control top)', (k) => k.spacing.fieldPitch),
    row('gap between buttons px', (k) => k.spacing.buttonGap),
    ...['input', 'primary', 'secondary', 'checkbox', 'radio'].map((role) =>
      row(`${role}: height / radius px`, (k) => `${k[role].height} / ${k[role].radius}`),
    ),
    row('input font px / inline padding px', (k) => `${k.input.fontSize} / ${k.input.padInline}`),
    row('button font weight', (k) => k.primary.weight),
    row('focus ring (input)', (k) => `${k.focusInput.how} ${k.focusInput.colour}`),
    row('focus ring (button)', (k) => `${k.focusButton.how} ${k.focusButton.colour}`),
    '',
    `Contrast (WCAG ratio against what is behind; text needs 4.5, control edges and focus rings 3):`,
    '',
    `| | ${columns.map((kit) => names[kit]).join(' | ')} |`,
    `|---|${columns.map(() => '---').join('|')}|`,
    row('card background', (k) => k.card.background),
    ...['body', 'label', 'muted', 'description', 'error'].map((role) =>
      row(`${role} text`, (k) => `${k[role].contrast} (${k[role].colour})`),
    ),
    row('primary button text', (k) => k.primary.text),
    row('input edge', (k) => edgeCell(k.input)),
    row('invalid input edge', (k) => edgeCell(k['invalid-input'])),
    row('checkbox edge', (k) => edgeCell(k.checkbox)),
    row('radio edge', (k) => edgeCell(k.radio)),
    row('secondary button edge', (k) => edgeCell(k.secondary)),
    row('card edge (vs page)', (k) => `${k.card.edgeContrast} (${k.card.edge})`),
    row('focus ring, input', (k) => k.focusInput.contrast),
    row('focus ring, button', (k) => k.focusButton.contrast),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
