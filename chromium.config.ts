import { existsSync } from 'node:fs';
import { playwright } from '@vitest/browser-playwright';

/** Where the browser tests find Chromium. Override with CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function assertChromium(): void {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `input-request-cards: no Chromium at ${chromiumPath}. Browser tests need one: ` +
        'install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), ' +
        'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
    );
  }
}

export const chromiumLaunch = {
  executablePath: chromiumPath,
  args: [
    '--no-sandbox',
    '--headless',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

// Vitest mutates `instances`, so each project needs a fresh object.
export const chromiumBrowser = () => ({
  enabled: true,
  headless: true,
  provider: playwright({ launchOptions: chromiumLaunch }),
  instances: [{ browser: 'chromium' as const }],
});
