import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { InputRequestCard, type InputResponses, parseSuspension } from '../../src/index.ts';
import { legacyLinkRound, mixedRound } from '../fixtures/suspensions.ts';

function linkRound(url: string, message = 'Connect your calendar account.') {
  return parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: { login: { method: 'elicitation/create', params: { mode: 'url', message, url } } },
    },
    { serverName: 'Calendar', toolName: 'connect' },
  );
}

let open: MockInstance<typeof window.open>;
beforeEach(() => {
  open = vi.spyOn(window, 'open').mockReturnValue(null);
});
afterEach(() => {
  open.mockRestore();
});

function renderLink(url: string) {
  const user = userEvent.setup();
  const resume = vi.fn(async (_responses: InputResponses) => undefined);
  const view = render(<InputRequestCard suspension={linkRound(url)} resume={resume} />);
  return { user, resume, ...view };
}

describe('a link request before it is opened', () => {
  it('shows the message and the full URL as text, with the registrable domain emphasised', () => {
    const { container } = renderLink('https://accounts.example.com/connect?state=abc#x');

    expect(screen.getByText('Connect your calendar account.')).toBeVisible();
    const url = container.querySelector('[data-part="url"]') as HTMLElement;
    expect(url).toHaveTextContent('https://accounts.example.com/connect?state=abc#x');
    expect(url).toHaveAttribute('dir', 'ltr');
    expect(within(url).getByText('example.com').tagName).toBe('STRONG');
    expect(within(url).getByText('accounts.')).toBeVisible();
    expect(within(url).getByText('/connect?state=abc#x')).toBeVisible();
    expect(screen.getByText('Site:')).toHaveTextContent('Site: accounts.example.com');
    expect(
      screen.getByText('Opens in a new browser tab. Check the address before you continue.'),
    ).toBeVisible();
  });

  it('emphasises the owner of a hosting-platform site, by the full Public Suffix List', () => {
    const { container } = renderLink('https://secure.paypal-login.deno.dev/signin');
    const url = container.querySelector('[data-part="url"]') as HTMLElement;
    expect(within(url).getByText('paypal-login.deno.dev').tagName).toBe('STRONG');
    expect(within(url).getByText('secure.')).toBeVisible();
  });

  it('is never a link and never opens by itself', () => {
    const { container, resume } = renderLink('https://accounts.example.com/connect');
    expect(container.querySelector('a, link, iframe, img, [href], [src]')).toBeNull();
    expect(open).not.toHaveBeenCalled();
    expect(resume).not.toHaveBeenCalled();
  });

  it('shows the URL that will really open, not the text the server wrote', () => {
    const { container } = renderLink('HTTPS://Accounts.Example.COM/a b');
    expect(container.querySelector('[data-part="url"]')).toHaveTextContent(
      'https://accounts.example.com/a%20b',
    );
  });

  it('Decline answers decline without opening anything', async () => {
    const { user, resume } = renderLink('https://example.com/');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(resume).toHaveBeenCalledWith({ login: { action: 'decline' } }, expect.anything()),
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('Cancel answers cancel without opening anything', async () => {
    const { user, resume } = renderLink('https://example.com/');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(resume).toHaveBeenCalledWith({ login: { action: 'cancel' } }, expect.anything()),
    );
    expect(open).not.toHaveBeenCalled();
  });
});

describe('opening a link', () => {
  it('opens it in a new tab without opener or referrer, then waits for Done', async () => {
    const { user, resume } = renderLink('https://accounts.example.com/connect?x=1');

    await user.click(screen.getByRole('button', { name: 'Open link' }));

    expect(open).toHaveBeenCalledOnce();
    expect(open).toHaveBeenCalledWith(
      'https://accounts.example.com/connect?x=1',
      '_blank',
      'noopener,noreferrer',
    );
    expect(resume).not.toHaveBeenCalled();
    expect(screen.getByText('Finish in the new tab, then press Done.')).toBeVisible();
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toHaveFocus();
    expect(done).toHaveAccessibleDescription('Finish in the new tab, then press Done.');
    expect(screen.queryByRole('button', { name: 'Open link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();

    await user.click(done);

    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    expect(resume.mock.calls[0]?.[0]).toStrictEqual({ login: { action: 'accept' } });
    expect(await screen.findByText('You answered.')).toBeVisible();
  });

  it('still offers Done after a reload: the card remembers, with the drafts, that the link was opened', async () => {
    const { user, resume, unmount } = renderLink('https://accounts.example.com/connect');
    await user.click(screen.getByRole('button', { name: 'Open link' }));
    unmount();
    await Promise.resolve();
    // The reload: a new card for the same round, the same tab's storage.
    render(
      <InputRequestCard suspension={linkRound('https://accounts.example.com/connect')} resume={resume} />,
    );
    expect(screen.getByText('Finish in the new tab, then press Done.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open link' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(resume).toHaveBeenCalledWith({ login: { action: 'accept' } }, expect.anything()),
    );
    expect(open).toHaveBeenCalledOnce();
    // Answered: the round's drafts, and what they said of the link, are gone.
    await waitFor(() =>
      expect(Object.keys(sessionStorage).filter((key) => key.includes('draft'))).toEqual([]),
    );
  });

  it('Cancel after opening answers cancel', async () => {
    const { user, resume } = renderLink('https://example.com/');
    await user.click(screen.getByRole('button', { name: 'Open link' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(resume).toHaveBeenCalledWith({ login: { action: 'cancel' } }, expect.anything()),
    );
  });

  it('Open again opens the same address once more and keeps waiting', async () => {
    const { user, resume } = renderLink('https://example.com/');
    await user.click(screen.getByRole('button', { name: 'Open link' }));
    await user.click(screen.getByRole('button', { name: 'Open again' }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(open).toHaveBeenLastCalledWith('https://example.com/', '_blank', 'noopener,noreferrer');
    expect(screen.getByRole('button', { name: 'Done' })).toBeEnabled();
    expect(resume).not.toHaveBeenCalled();
  });

  it('in a round of several requests, Done records consent and the round is sent once', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(<InputRequestCard suspension={mixedRound()} resume={resume} />);
    await user.type(screen.getByRole('textbox', { name: 'email' }), 'ops@example.com');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(screen.getByRole('button', { name: 'Open link' }));
    expect(screen.getByText('1 of 3 answered')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByText('2 of 3 answered')).toBeVisible();
    const declines = screen.getAllByRole('button', { name: 'Decline' });
    await user.click(declines[declines.length - 1] as HTMLElement);

    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    expect(resume.mock.calls[0]?.[0]).toStrictEqual({
      contact: { action: 'accept', content: { email: 'ops@example.com' } },
      login: { action: 'accept' },
      summary: { action: 'decline' },
    });
  });

  it('disables every button while the answer is being sent', async () => {
    const user = userEvent.setup();
    render(
      <InputRequestCard
        suspension={linkRound('https://example.com/')}
        resume={() => new Promise(() => {})}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Open link' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(
      await screen.findByText('Sending your answer…', { selector: '[data-part="sending"]' }),
    ).toBeVisible();
    for (const name of ['Done', 'Open again', 'Cancel']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });
});

describe('an MCP 2025 link request (accept is the consent to open)', () => {
  it('is answered accept by Open itself: the server need not wait while the person signs in', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const { container } = render(
      <InputRequestCard suspension={legacyLinkRound('https://example.com/login')} resume={resume} />,
    );

    expect(resume).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Open link' }));

    expect(open).toHaveBeenCalledWith('https://example.com/login', '_blank', 'noopener,noreferrer');
    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    expect(resume.mock.calls[0]?.[0]).toStrictEqual({ elicitation: { action: 'accept' } });
    // The receipt says what the click did, behind its disclosure.
    expect(await screen.findByText('Opened the link')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    // Not "You answered.": the step goes on in the page that opened.
    expect(
      screen.getByText('You opened the link. Continue on the page that opened.', {
        selector: '[data-part="outcome"]',
      }),
    ).toHaveFocus();
    expect(container.querySelector('[data-part="receipt"]')).toHaveAttribute('data-outcome', 'opened');

    // A tab that never opened (a blocked pop-up) or closed too soon: Open again opens it again,
    // and answers nothing more.
    await user.click(screen.getByRole('button', { name: 'Open again' }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(open).toHaveBeenLastCalledWith('https://example.com/login', '_blank', 'noopener,noreferrer');
    expect(resume).toHaveBeenCalledOnce();
  });

  it('Decline and Cancel before opening still answer as they say', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(<InputRequestCard suspension={legacyLinkRound('https://example.com/login')} resume={resume} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    expect(resume.mock.calls[0]?.[0]).toStrictEqual({ elicitation: { action: 'decline' } });
    expect(open).not.toHaveBeenCalled();
  });

  it('a 2026 link request (no elicitationId) still waits for Done', async () => {
    const { user, resume } = renderLink('https://example.com/login');
    await user.click(screen.getByRole('button', { name: 'Open link' }));
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    expect(resume).not.toHaveBeenCalled();
  });
});

describe('warnings', () => {
  it('warns about plain http, on the page and in the Open button description', () => {
    renderLink('http://example.com/login');
    const warning = screen.getByText(/This address is not encrypted \(http\)/);
    expect(warning).toBeVisible();
    // The warnings argue against opening: Open is no primary action, and says so.
    const open = screen.getByRole('button', { name: 'Open anyway' });
    expect(open).toHaveAccessibleDescription(expect.stringContaining(warning.textContent as string));
    expect(open).toHaveAttribute('data-warned');
  });

  it('offers a link it has no warning about as the primary Open link', () => {
    renderLink('https://example.com/login');
    expect(screen.queryByRole('button', { name: 'Open anyway' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open link' })).not.toHaveAttribute('data-warned');
  });

  it('shows how an internationalised host reads next to its real address', () => {
    renderLink('https://bücher.example/');
    expect(
      screen.getByText(
        'The site name uses international characters: it reads “\u2068bücher.example\u2069”, but its real address is \u2068xn--bcher-kva.example\u2069. Look-alike letters are a common trick.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/mixes letters/)).toBeNull();
  });

  it('calls out a Latin and Cyrillic look-alike by its alphabets', () => {
    renderLink('https://\u0430pple.com/');
    expect(
      screen.getByText(
        /reads “\u2068\u0430pple\.com\u2069”, but its real address is \u2068xn--pple-43d\.com\u2069/,
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        '“\u2068\u0430pple.com\u2069” mixes letters from different alphabets (Cyrillic and Latin), a common way to imitate a well-known name.',
      ),
    ).toBeVisible();
  });

  it('warns about a user name and password before the host', () => {
    const { container } = renderLink('https://google.com:secret@evil.example/');
    expect(screen.getByText(/has a user name or password in front of the site name/)).toBeVisible();
    expect(container.querySelector('[data-part="url-domain"]')).toHaveTextContent('evil.example');
    expect(screen.getByText('Site:')).toHaveTextContent('Site: evil.example');
  });

  it('links every warning, the site and the hint to the Open button, each a line of its own', () => {
    const { container } = renderLink('http://user:pw@xn--pple-43d.com/');
    const items = container.querySelectorAll('[data-part="warning"]');
    expect([...items].map((item) => item.getAttribute('data-warning'))).toStrictEqual([
      'credentials',
      'insecure',
      'punycode',
      'mixed-script',
    ]);
    const describedBy =
      screen.getByRole('button', { name: 'Open anyway' }).getAttribute('aria-describedby') ?? '';
    for (const item of items) expect(describedBy.split(' ')).toContain(item.id);
    expect(describedBy.split(' ')).toContain(screen.getByText(/Opens in a new browser tab/).id);
  });

  it('shows no warning for an ordinary https address', () => {
    const { container } = renderLink('https://example.com/');
    expect(container.querySelector('[data-part="warning"]')).toBeNull();
  });
});

describe('refused links', () => {
  it.each([
    ['javascript:alert(document.cookie)', 'javascript'],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'data'],
    ['file:///etc/passwd', 'file'],
    ['blob:https://example.com/0b7f2b1e', 'blob'],
    ['vbscript:msgbox(1)', 'vbscript'],
    [' JAVASCRIPT:alert(1)', 'javascript'],
  ])('%s: says why, offers no Open button, and nothing opens it', async (url, scheme) => {
    const { user, resume, container } = renderLink(url);

    expect(
      screen.getByText(`This link uses “${scheme}”, which is not a web address, so it cannot be opened.`),
    ).toBeVisible();
    expect(container.querySelector('[data-part="url"]')).toHaveTextContent(url.trim());
    expect(screen.queryByRole('button', { name: /open/i })).toBeNull();
    expect(container.querySelector('a, [href], [data-action="open"]')).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toStrictEqual([
      'Decline',
      'Cancel',
    ]);

    await user.click(screen.getByText(url.trim()));
    await user.dblClick(container.querySelector('[data-part="url"]') as HTMLElement);
    await user.keyboard('{Enter}');
    expect(open).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(resume).toHaveBeenCalledWith({ login: { action: 'decline' } }, expect.anything()),
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('refuses text that is no URL at all', () => {
    renderLink('see our website');
    expect(screen.getByText('This is not a valid web address, so it cannot be opened.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open link' })).toBeNull();
  });

  it('shortens a huge refused URL instead of rendering all of it', () => {
    const { container } = renderLink(`data:text/plain,${'A'.repeat(100_000)}`);
    const shown = container.querySelector('[data-part="url"]')?.textContent ?? '';
    expect(shown.length).toBeLessThan(1000);
    expect(shown.endsWith('…')).toBe(true);
  });
});
