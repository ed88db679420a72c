import { configure } from '@testing-library/react';
import './setup.ts';

// The same component and hook tests again, each rendered inside <StrictMode>: effects mount,
// unmount and mount again, and renders run twice, as React does in development.
configure({ reactStrictMode: true });
