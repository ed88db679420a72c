import { beforeEach } from 'vitest';
import { failOnConsole } from '../support/console.ts';

// As in jsdom and the Chromium tests: a console error or warning while a story renders and plays
// fails that story's test (React warnings, our dev warnings, an unhandled request). Only here, in
// `npm test`: someone browsing Storybook sees the console as it is.
beforeEach(failOnConsole);
