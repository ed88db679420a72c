'use client';

import { useSyncExternalStore } from 'react';
import { loadedPublicSuffixList, loadPublicSuffixList, type RegistrableDomainFinder } from '../core/url.js';

/** Starts loading the list on the first subscriber and re-renders it when the list is there. */
function subscribe(onChange: () => void): () => void {
  let live = true;
  if (!loadedPublicSuffixList()) {
    loadPublicSuffixList().then(
      () => {
        if (live) onChange();
      },
      // Unreachable list (offline, a replaced chunk): the whole host stays emphasised.
      () => undefined,
    );
  }
  return () => {
    live = false;
  };
}

const nothingToLoad = () => () => undefined;
const noList = () => undefined;

/**
 * The registrable-domain finder for a link: `own` when given, else the full Public Suffix List,
 * loaded lazily on first use (`undefined` until it arrives, so the whole host is emphasised).
 * The server render and hydration always see `undefined`, so server HTML and the first client
 * render agree.
 */
export function usePublicSuffixList(own?: RegistrableDomainFinder): RegistrableDomainFinder | undefined {
  const list = useSyncExternalStore(
    own ? nothingToLoad : subscribe,
    own ? noList : loadedPublicSuffixList,
    noList,
  );
  return own ?? list;
}
