import { render } from '@testing-library/react';
import { it } from 'vitest';
import { userEvent } from 'vitest/browser';
it('probe', async () => {
  const { container } = render(<div><style>{`input::-webkit-calendar-picker-indicator:focus { outline: 3px solid red; }`}</style><button>b</button><input type="date" id="d" /><input type="text" id="t" /></div>);
  container.querySelector('button')!.focus();
  for (let i = 0; i < 5; i++) {
    await userEvent.keyboard('{Tab}');
    await new Promise((r) => setTimeout(r, 100));
    const el = document.activeElement as HTMLElement;
    let ind = '';
    try { ind = getComputedStyle(el, '::-webkit-calendar-picker-indicator').outlineStyle; } catch {}
    console.log('P', el.id, el.matches(':focus'), el.matches(':focus-within'), el.matches(':focus-visible'), ind, document.hasFocus());
  }
});
