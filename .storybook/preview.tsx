import addonA11y from '@storybook/addon-a11y';
import { definePreview } from '@storybook/react-vite';
import addonMsw from 'msw-storybook-addon';
import '../src/styles.css';

export default definePreview({
  addons: [addonA11y(), addonMsw()],
  parameters: {
    // A story with an accessibility violation is a failing test, in the UI and in `npm test`.
    a11y: { test: 'error' },
    layout: 'padded',
  },
  // Cards of one round share one session on a page, as they should in an app. Stories run one
  // after another in one page and reuse fixtures, so each story gets rounds of its own.
  // A story is a fresh visit: rounds answered in an earlier story (or an earlier run of this one)
  // are not remembered as sent. Drafts stay, so a reload mid-form still restores them.
  beforeEach() {
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith('input-request-cards:sent:')) sessionStorage.removeItem(key);
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
