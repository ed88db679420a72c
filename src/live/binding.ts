'use client';
import { QueryClientContext } from '@tanstack/react-query';
import type { LiveBinding } from '../hooks/liveBinding.js';
import { followTask } from './taskFeed.js';

/**
 * Everything TanStack Query the cards need to follow a task: the host's `QueryClient` context and
 * the observer feed. Kept apart so a card for a round you hold never loads TanStack Query; the
 * card loads this module on its first followed source, `useInputRequest` imports it directly.
 */
export const liveBinding: LiveBinding = { QueryClientContext, followTask };
