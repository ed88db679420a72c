// The options as Node sees them (the page's list is options/index.ts): id → module that
// exports an option of that name. Cold bundles and size pages import one module each.
export const OPTION_FILES = {
  ours: 'ours.tsx',
  rjsf: 'rjsf.tsx',
  jsonforms: 'jsonforms.tsx',
  handwritten: 'handwritten.tsx',
  rawdom: 'rawdom.ts',
};
export const OPTION_IDS = Object.keys(OPTION_FILES);
