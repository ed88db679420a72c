// Size budget of the BUILT package, as an app's bundler sees it: small entry files importing
// what a user imports, bundled and minified by esbuild with code splitting, then gzipped. The
// measure is what a page loads up front: the entry chunk and every chunk it imports statically
// (a lazily imported chunk, such as the Public Suffix List, is reported apart and not counted).
// React and react-dom are never counted; "our own code" leaves react-hook-form out too.
// Two numbers per measure. `budgetKiB` is the ceiling `npm test` enforces: the size as measured
// when it was last set, rounded up, so any growth fails here and must be argued for. `targetKiB` is
// issue 9's goal; the card does not meet it yet (see README, Performance), so every run says by
// how much it misses, without failing. Lower a ceiling whenever the code shrinks; never raise one
// without a reason in the commit. `--modules` also lists the up-front bytes module by module.

import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { check, finish } from '../support/node-suite.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const REACT = ['react', 'react/*', 'react-dom', 'react-dom/*'];
const HOOK_FORM = ['react-hook-form'];

const measures = [
  {
    name: 'static card (parseSuspension + InputRequestCard) with its default checker, our own code',
    source: `import { InputRequestCard, parseSuspension } from 'input-request-cards';
      export const use = [InputRequestCard, parseSuspension];`,
    external: [...REACT, ...HOOK_FORM],
    // 62, not 61: the fixes of the stop after, 0.5 KiB in all, none of them new surface: a send
    // whose answer never came over MCP, or whose retry a backend refused as stale, says it may
    // have arrived (closed-unconfirmed, kept across a reload; a section's "not known whether it
    // arrived"); the rest of a double click presses no button of the card and takes no focus; a
    // card that closes takes no focus from where the person went on (a mouse press inside it is
    // no leaving); a round only the app answers is no question until its send fails; text fields
    // laid out in their own direction in a left-to-right card; an answer whose response ended the
    // task remembered as sent; a re-ask with no secret field asks for no passwords; a card that
    // never saw its task's round headed "… asked": 61.0 measured (4 bytes over 61).
    // (61, not 62: the card's up-front code is one chunk, not three, each compressed apart and
    // naming what it takes from the others: pollDelay moved to core/poll.ts, which only the lazy
    // TanStack binding imports (lifecycle.ts had sat in a chunk shared with it: 0.8 KiB), and
    // tabs.ts imports nothing at run time, handed what it uses by presence (pageForTabs), so its
    // lazy chunk no longer splits the rest off (0.7 KiB); the card's binding makes no submit
    // (0.1 KiB): 59.9 measured. Then a button that appears under a double click ignores the rest
    // of it, "Question 2 of 3" in each button's description, the Stop question closing with what
    // it stood beside, "Stopped by you." said once: 0.2 KiB, 60.02 measured (24 bytes over 60);
    // a replaced round that comes back gets what was typed into it back, readDraft only reads,
    // and a round back after closing a moment keeps its drafts again (with a review's fixes):
    // 0.5 KiB, 60.5 measured.
    // (62, not 61: Decline or Cancel on a form that holds what the person entered asks first (the
    // refusal's question in place of the buttons, hasEnteredValues, `confirmRefusal`, its words:
    // 0.5 KiB), and "Question 2 of 3" above each request of a round of several, first in its
    // accessible name (0.25 KiB): 61.2 measured; Stop task asking first (StopTask, its words):
    // 0.3 KiB, 61.5 measured.
    // (61, not 60: a step-by-step form's step kept by the round's session, so a card mounted
    // again (a virtualised list, Answer here, a reload) opens on it (0.2 KiB); a source's reading
    // the session cannot read (MCP's input_required, a wire as the round), and a card's
    // headingLevel, layout or deadline it cannot use, named with their fix rather than a card on
    // Loading for ever or an <h7> (0.35 KiB); an accessibility review's fixes (a choice group's
    // error said once, one copy of a round speaks, the failure notice named only while it holds
    // focus, the host's words in server text in the host's language, Change on the review comes
    // back to it, a second Copy said again): 0.15 KiB; 60.2 measured.
    // (60, not 59: a number, date or date-time input that shows text the browser cannot read
    // ("12e", half a date) is refused with why (`badInput`), not left out of the answer as if
    // nothing had been typed; a record of a sent round whose select field lost its options is not
    // used, and a receipt of one never throws (a security review): 0.2 KiB; what a replaced round
    // carries over is kept with the newer round's drafts as soon as it is replaced (a reload in
    // that moment lost it): 0.1 KiB; an unsent answer holding a secret is withdrawn as the last
    // card goes, so a card mounted again asks for the secret rather than Try again sending a
    // value no field shows: 0.1 KiB; `badInput`'s words say how to write a number (12 or 3.5);
    // a draft mirrored from another tab is told apart from typing here: 59.5 measured.
    // (59, not 58: what was typed into a replaced round and has no place in the new one stays to
    // read and copy (0.5 KiB with its words); a whole number JSON would change is refused with
    // why; the card's `suspension` without `resume` or with `source`, and `components` with a
    // misspelt name or no component, are named (0.3 KiB with the RHF side's share).
    // (58, not 57: an accessibility review's fixes, 0.25 KiB: each button of a round of several
    // requests described by its question and Change answer by its status, the countdown said at
    // milestones only, a round opening in its last minute says so, a typing field keeps focus when
    // its round closes, the failure notice a named group (26 bytes over 57).
    // (57, not 56: developer mistakes named at the prop or call with the fix (a helper's review:
    // a round or a wire given as a source, a wire or a hand-built round without what the card reads
    // as a suspension, a checker, messages, drafts or ledger of the wrong kind, a whole round given
    // to useRequestForm, createHttpSource without its URLs, a round parsed twice, a part of another
    // kind), before a cryptic TypeError or a card that never loads: 1.0 KiB.
    // (56, not 55: a failed send's words true to what happened (0.15 KiB): a 4xx "did not accept
    // your answer", an unreadable reply "was sent, but", a connection that broke mid-send never
    // "could not be reached", and "Accept sends what is on screen now" once Try again is gone.
    // (55, not 53: the fixes of the stop after, 1.4 KiB in all: answers a headless host gives are
    // checked before they leave (an unknown request, no action, an accept of what cannot be
    // answered, content outside its schema); a card mounted again finds its round as it was left
    // (held sessions); an expired round stays when the task then ends; a tab sends its last
    // keystrokes when it hands the round over; hostile input: secrets by writeOnly and more names,
    // numbers in decimal writing only, slash look-alike hosts refused, hosts isolated in link
    // warnings; headless: failedCheck, option description props, misuse named.
    // (53, not 52: a send the page left behind says so ("the page was closed or reloaded while it
    // was on its way", failure code `interrupted`), not "something went wrong"; 52.0 KiB after it;
    // a ledger that remembers for the page what a storage it cannot use does not keep (52.2).
    // (52, not 51, before: an MCP 2025 link answered by opening it closes to its own outcome ("You opened
    // the link. Continue on the page it opened.", not "You answered."), 0.05 KiB over 51.0; a
    // question that opens is said in the page's live region (0.45 KiB).)
    // (51, not 50, before: fixes of the stop after, 0.8 KiB in all (0.1 KiB folded back): an unconfirmed
    // send's answers locked as sent, and a round expiring after one says it may have arrived; a
    // failed check where focus stays says why; choice options described by their error; Change
    // answer keeps focus; a Retry-After hold outlives a remount and its notice says why.
    // (50, not 49, before: fixes of this stop, 1.0 KiB in all: the card's lang and dir from its words; a
    // form kept mounted into a newer round starts afresh (no old text, no secret, in new
    // questions); an error waits for the click it would push away; Accept saves the last
    // keystrokes' draft; a destroyed session sends nothing; a link opened before a reload still
    // offers Done. (49, not 48, before: a closed round of several requests tells the truth.))))))))))))
    budgetKiB: 62,
    targetKiB: 20,
  },
  {
    name: 'static card with react-hook-form',
    source: `import { InputRequestCard, parseSuspension } from 'input-request-cards';
      export const use = [InputRequestCard, parseSuspension];`,
    external: REACT,
    // 74, not 73: the fixes of the stop after, 0.45 KiB in all, none of them new surface: a send
    // whose answer never came over MCP, or whose retry a backend refused as stale, says it may
    // have arrived (closed-unconfirmed, a section's "not known whether it arrived"); the rest of
    // a double click presses no button of the card and takes no focus; a card that closes takes
    // no focus from where the person went on; a round only the app answers is no question; text
    // fields laid out in their own direction; an answer whose response ended the task remembered
    // as sent; a re-ask with no secret field asks for no passwords; a card that never saw its
    // task's round headed "… asked"; a review's fixes (a refused round's doubt kept across a
    // reload, a mouse press inside the card no leaving it): 73.4 measured.
    // (73, not 74: the static card's up-front code in one chunk (pollDelay in core/poll.ts,
    // imported by the lazy TanStack binding only: 0.8 KiB; tabs.ts importing nothing at run time:
    // 0.6 KiB), nothing a person sees changed: 72.3 measured. The card fixes and drafts fixes
    // that followed (a double click's rest ignored, a replaced round that comes back given what
    // was typed into it) fit under it: 72.9 measured.
    // (74, not 73: Decline or Cancel on a form that holds what the person entered asks first
    // (RefusalQuestion, hasEnteredValues, `confirmRefusal`, its words): 0.5 KiB, 73.2 measured;
    // "Question 2 of 3" in a round of several and Stop task asking first fit under it: 73.8
    // measured.
    // (73, not 72: the changes that raised the static card's ceiling to 61 (a form's step kept by
    // its session, a reading or prop the card cannot use named with its fix, an accessibility
    // review's fixes): 0.7 KiB, 72.5 measured.
    // (72, not 71: a failed read of the task's state is shown, not only announced, and goes when a
    // read finds nothing new; what a replaced round of several questions held is listed under
    // each question; a decline says "You declined." to screen readers, not "Answer sent."; a
    // form to read only says "Not answered" in its empty fields and asks for nothing; a secret's
    // warning asks for no Decline while Decline is disabled; a round of too many questions is
    // headed as questions; the countdown is read once: 0.5 KiB in all, 71.3 measured.
    // (71, not 70: what was typed into a round a newer one replaced, and has no place in it, stays
    // above the new question to read and copy (carried.leftBehind, its notice and words, one copy
    // button for it and Copy answers): 0.5 KiB, 20 bytes over 70. The two misuse checks of the
    // card's `suspension` (no `resume`; `source` too) and a failed state read's words are in it.
    // (70, not 69: developer mistakes named at the prop or call with the fix (a helper's review:
    // a round or a wire given as a source, a wire or a hand-built round without what the card reads
    // as a suspension, a checker, messages, drafts or ledger of the wrong kind, a whole round given
    // to useRequestForm, createHttpSource without its URLs, a round parsed twice, a part of another
    // kind), before a cryptic TypeError or a card that never loads: 1.0 KiB.
    // (69, not 68: the words of a failed send name the Accept and Try again buttons as the host
    // labelled them (`{ ...germanMessages, accept: 'Senden' }` read „Annehmen“ sendet …), a wait
    // of a minute or more says until when on the clock, and too many requests without counts no
    // longer says "0": 0.12 KiB, 10 bytes over 68.
    // (68, not 66: the fixes that raised the static card's ceiling to 55, 0.7 KiB here (some of
    // them sit in code both bundles share with react-hook-form's side), then two reviews' mends
    // (the resume of the card shown now, a held round's ledger, a resume that is no function: 0.1).
    // (66, not 65: the fixes of the stop after, 0.5 KiB: a re-ask announced as one, the check
    // notice that names its field and clears, a send past 5 s said to be on its way, Open again
    // while a link step is waited on, a form back from a draft saying its secrets did not come
    // back.
    // (65, not 64: the features and fixes that raised the static card's ceiling to 52 (a question
    // that opens is said in the page's live region; a 2025 link opened has its own outcome; a
    // task's asker), plus drafts written when the page goes and an edit withdrawing the answer a
    // retry would resend: 0.9 KiB in all.)
    // (64, not 63, before: fixes of the stop after, 0.7 KiB: server text cut wherever it was shown whole
    // (a task's failure and status, result blocks and structure, failure details, schema paths)
    // and names isolated in our sentences; a deadline or Retry-After no clock can hold; dates a
    // date field cannot show; names that show nothing; MCP 2025 links accepted on Open; words that
    // count (a wait in seconds, minutes or hours; one character).
    // (63, not 62, before: fixes of this stop, 0.6 KiB before 0.1 KiB folded back: an unconfirmed send's
    // answers locked as sent; a failed check where focus stays says why (live region); choice
    // options described by their error, and Tab inside a group is not leaving it; Change answer
    // keeps focus; a Retry-After hold outlives a remount; a round you hold hears its withdrawal.
    // (62, not 61, before: a form kept mounted into a newer round starts afresh.)))))))))))
    budgetKiB: 74,
    targetKiB: 40,
  },
  {
    name: 'live card with TanStack Query (InputRequestCard + createHttpSource + QueryClientProvider)',
    source: `import { createHttpSource, InputRequestCard } from 'input-request-cards';
      import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
      export const use = [createHttpSource, InputRequestCard, QueryClient, QueryClientProvider];`,
    external: REACT,
    // 85, not 84: what raised the static card's ceiling to 62, with createHttpSource's `taskId`
    // (a task addressed by its query told apart) and its resume reading only a receipt's words as
    // sent: 84.1 measured.
    // (84, not 85: what lowered the static card's ceiling to 61 (pollDelay in core/poll.ts,
    // imported by the lazy TanStack binding only: 0.8 KiB; tabs.ts importing nothing at run time,
    // so its lazy chunk splits nothing off what loads up front: 0.65 KiB): 82.9 measured; then
    // the card fixes that came with it (0.1 KiB) and an HTTP round that names no task told apart
    // by the state URL's path (0.05 KiB): 83.01 measured (10 bytes over 83); the drafts fixes
    // (a replaced round that comes back given what was typed into it): 83.5 measured.
    // (85, not 84: the changes that raised the static card's ceiling to 62 (the refusal's
    // question, "Question 2 of 3", Stop task asking first): 1.1 KiB, 84.4 measured.
    // (84, not 83: the changes that raised the static card's ceiling to 61 (0.7 KiB) and a failed
    // try of a read said at once (TanStack's failureReason): 83.3 measured. (An HTTP round id
    // named by its stateUrl was counted here too, and reverted the same stop.) Decline or Cancel
    // asking first on a form with entries fits under it: 83.8 measured.
    // (83, not 82: the fixes that raised the static card's ceiling to 60 (`badInput`, sent rounds'
    // records checked, a replaced round's carry-over kept at once, a secret's answer withdrawn
    // as the last card goes), 0.5 KiB; 82.3 measured.
    // (82, not 81: what was typed into a replaced round stays to read and copy (0.5 KiB with its
    // words), then a review of it: kept through further replacements and after Start again, text
    // a number or date field would blank kept rather than carried, a name the new round calls
    // secret not shown, a whole number past 2^53 shown as typed; a whole number JSON would change
    // refused with why; `components` checked (0.3 KiB).
    // (81, not 80: a failed read of the task's state says why (an error status or an unreadable
    // page, not "Could not reach the server"), and a card given `suspension` without `resume`, or
    // with `source` too, says so when it renders (0.2 KiB).
    // (80, not 79: the developer mistakes that raised the static card's ceiling to 57 (1.1 KiB
    // here, with createHttpSource's URLs), and the words of a failed send naming the buttons.
    // (79, not 78: a UX review's fixes, 0.5 KiB: a failed send's words true to what happened, a
    // line beside Stop task once the question closed, Open anyway for a link with warnings, Open
    // again in the receipt of a link answered by opening it, no Show on an empty closed secret.
    // (78, not 76: the fixes that raised the static card's ceiling to 55 (1.2 KiB here; a live
    // card also polls no faster than 500 ms whatever a server hints).
    // (76, not 75: a re-ask is announced as one, and a check that fails where focus is names its
    // field and its words go once the field is fixed (0.3 KiB with their words; then the fixes
    // counted in the ceiling with react-hook-form).
    // (75, not 74: a question that opens is said in the page's live region (announcer.ts and its
    // words, 0.45 KiB) and an MCP 2025 link answered by opening it has its own outcome (0.05 KiB).)
    // (74, not 73, before: the fixes that raised the ceiling with react-hook-form to 64 (0.7 KiB).
    // (73, not 72, before: an answer whose send may have arrived stays locked as sent (no edit under its
    // idempotency key), an empty date in an expired form says "Not answered", and a round you hold
    // hears its asker withdraw it (2025 questions closed by the server's timeout keep what was
    // typed): 0.3 KiB. (72, not 71, before: the card's `lang` and `dir` from its words.))))))))))))
    budgetKiB: 85,
    targetKiB: 52,
  },
  {
    name: 'checkLink alone (from input-request-cards/core)',
    source: `import { checkLink } from 'input-request-cards/core';
      export const use = [checkLink];`,
    external: REACT,
    budgetKiB: 5,
    targetKiB: 5,
  },
  {
    name: './core, everything (no budget)',
    source: `export * from 'input-request-cards/core';`,
    external: REACT,
  },
];

const kib = (bytes) => (bytes / 1024).toFixed(1);
const byModule = process.argv.includes('--modules');

/** Bundles one entry; returns the gzipped size loaded up front and of the lazy chunks. */
async function measure({ source, external }) {
  const result = await build({
    stdin: { contents: source, resolveDir: repo, loader: 'js', sourcefile: 'entry.js' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    metafile: true,
    outdir: 'size-out',
    external,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const files = new Map(
    result.outputFiles.map((file) => [file.path.slice(file.path.lastIndexOf('size-out')), file]),
  );
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((path) => outputs[path].entryPoint);
  const upFront = new Set();
  const lazyChunks = new Set();
  const visit = (path, into) => {
    if (upFront.has(path) || lazyChunks.has(path)) return;
    into.add(path);
    for (const imported of outputs[path].imports) {
      if (imported.external) continue;
      visit(imported.path, imported.kind === 'dynamic-import' ? lazyChunks : into);
    }
  };
  visit(entry, upFront);
  const gzipped = (path) =>
    gzipSync(files.get(path.slice(path.lastIndexOf('size-out'))).contents, { level: 9 }).length;
  const sum = (paths) => [...paths].reduce((total, path) => total + gzipped(path), 0);
  // Where the up-front bytes come from (minified, before gzip), by package.
  const byPackage = new Map();
  for (const path of upFront) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[path].inputs)) {
      const owner = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? 'input-request-cards';
      byPackage.set(owner, (byPackage.get(owner) ?? 0) + bytesInOutput);
    }
  }
  const top = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 4);
  const modules = [...upFront]
    .flatMap((path) => Object.entries(outputs[path].inputs))
    .map(([input, { bytesInOutput }]) => [input.replace(/^.*?(node_modules\/|dist\/)/, '$1'), bytesInOutput])
    .sort((a, b) => b[1] - a[1]);
  return {
    loaded: sum(upFront),
    lazy: sum(lazyChunks),
    parts: top.map(([name, bytes]) => `${name} ${kib(bytes)}`).join(', '),
    modules: modules.map(([name, bytes]) => `${kib(bytes).padStart(6)}  ${name}`).join('\n      '),
  };
}

// Each measure's figures are printed under its own name (the check's line comes first), so a
// failure's "over budget by" can never be read as belonging to the next measure.
for (const item of measures) {
  const { loaded, lazy, parts, modules } = await measure(item);
  const lazyNote = lazy > 0 ? `; lazy chunks ${kib(lazy)} KiB, not counted` : '';
  const target =
    item.targetKiB === undefined
      ? ''
      : loaded > item.targetKiB * 1024
        ? ` (issue 9 target ${item.targetKiB} KiB: missed by ${kib(loaded - item.targetKiB * 1024)} KiB)`
        : ` (issue 9 target ${item.targetKiB} KiB: met)`;
  const line = `${kib(loaded)} KiB min+gzip${item.budgetKiB ? ` / ceiling ${item.budgetKiB} KiB` : ''}${target}${lazyNote}`;
  await check(item.name, () => {
    if (item.budgetKiB !== undefined && loaded > item.budgetKiB * 1024) {
      throw new Error(`over its ceiling by ${kib(loaded - item.budgetKiB * 1024)} KiB: ${line}`);
    }
  });
  console.log(`    ${line}\n    minified, by package: ${parts} KiB`);
  if (byModule) console.log(`    minified, by module (KiB):\n      ${modules}`);
}

finish();
