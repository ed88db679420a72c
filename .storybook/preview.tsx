import addonA11y from '@storybook/addon-a11y';
import { definePreview } from '@storybook/react-vite';
import { HttpResponse, http, isCommonAssetRequest } from 'msw';
import addonMsw from 'msw-storybook-addon';
import '../src/styles.css';
import './preview.css';

/** Whether focus entered the story's canvas since the story began (set by `watchFocus`). */
let focusWasInStory = false;

/** Notes when focus enters the story; returns the cleanup Storybook runs when the story ends. */
function watchFocus(canvasElement: HTMLElement) {
  focusWasInStory = false;
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof Node && canvasElement.contains(event.target)) focusWasInStory = true;
  };
  document.addEventListener('focusin', onFocusIn);
  return () => document.removeEventListener('focusin', onFocusIn);
}

/**
 * The addon's worker, with one handler that outlives each story's: a live card of the story before
 * may poll its task once more between the reset of that story's handlers and its unmount. That
 * read of a task's state is answered as gone (410), not reported as an unhandled request, which
 * fails the run. Anything else unhandled (a story's missing POST or another path) is still
 * reported, as the addon does.
 */
async function startWorker() {
  const { setupWorker } = await import('msw/browser');
  const worker = setupWorker(
    http.get(
      'https://tasks.example.test/:story/background-tasks/:task',
      () => new HttpResponse(null, { status: 410 }),
    ),
  );
  await worker.start({
    quiet: true,
    onUnhandledRequest(request, print) {
      if (isCommonAssetRequest(request) || STORYBOOK_REQUEST.test(request.url)) return;
      print.warning();
    },
  });
  return worker;
}

/** Storybook's own requests (as the addon lists them): never the stories' business. */
const STORYBOOK_REQUEST =
  /\.eot$|\.mdx$|sb-common-assets|__webpack_hmr|iframe.html|sb-vite|@vite|@react-refresh|\/virtual:|\.stories\./;

export default definePreview({
  addons: [addonA11y(), addonMsw(startWorker)],
  parameters: {
    // A story with an accessibility violation is a failing test, in the UI and in `npm test`.
    a11y: { test: 'error' },
    layout: 'padded',
    // The dark background is the page's own in a dark system scheme (preview.css): one colour
    // around a dark card, whichever of the two sets it.
    backgrounds: {
      options: {
        light: { name: 'Light', value: '#ffffff' },
        dark: { name: 'Dark', value: '#121418' },
      },
    },
  },
  // Cards of one round share one session on a page, as they should in an app. Stories run one
  // after another in one page and reuse fixtures, so each story gets rounds of its own.
  // A story is a fresh visit: rounds answered in an earlier story (or an earlier run of this one)
  // are not remembered as sent. Drafts stay, so a reload mid-form still restores them.
  beforeEach({ canvasElement }) {
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith('input-request-cards:sent:')) sessionStorage.removeItem(key);
    }
    return watchFocus(canvasElement);
  },
  // Focus never drops to <body>: once a story's interactions have put focus in the story, it
  // must still be somewhere when they end (on the card, its receipt, a field), never on nothing.
  // A story that shows a known drop sets `parameters.focusDrop` to why, until the card is fixed.
  afterEach({ title, name, parameters }) {
    if (!focusWasInStory || parameters.focusDrop) return;
    const active = document.activeElement;
    if (active === null || active === document.body) {
      throw new Error(
        `input-request-cards: after the interactions of "${title} / ${name}" focus rests on <body>. ` +
          'The card must keep focus on itself (its heading, receipt or a field) when what was focused goes away.',
      );
    }
  },
  argsEnhancers: [
    (context) => {
      const suspension = context.initialArgs.suspension as { id?: unknown } | undefined;
      if (!suspension || typeof suspension.id !== 'string') return {};
      return { suspension: { ...suspension, id: `${suspension.id}@${context.id}` } };
    },
  ],
});
