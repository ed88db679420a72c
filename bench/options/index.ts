// Every option, in table order. (ours) is the library; the others are what a user could pick.
import { handwritten } from './handwritten.tsx';
import { jsonforms } from './jsonforms.tsx';
import { ours } from './ours.tsx';
import { rawdom } from './rawdom.ts';
import { rjsf } from './rjsf.tsx';
import type { BenchOption } from './types.ts';

export const OPTIONS: BenchOption[] = [ours, rjsf, jsonforms, handwritten, rawdom];
