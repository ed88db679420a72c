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
});
