import { describe, expect, it } from 'vitest';
import { fixPopoverLandmarks } from '../../../../src/app/features/tour/tour.adapter';

describe("the tour popover's landmarks", () => {
  it('titles the step with a heading, not a second banner, and its footer is no contentinfo', () => {
    document.body.innerHTML = `<div role="dialog" aria-labelledby="driver-popover-title">
      <header id="driver-popover-title" class="driver-popover-title" style="display: block;">Home</header>
      <footer class="driver-popover-footer"><button type="button">Next</button></footer>
    </div>`;
    const title = document.querySelector<HTMLElement>('header')!;
    const footer = document.querySelector<HTMLElement>('footer')!;
    fixPopoverLandmarks({ title, footer });

    expect(document.querySelector('header')).toBeNull();
    const heading = document.querySelector('h2')!;
    expect(heading.id).toBe('driver-popover-title');
    expect(heading.className).toBe('driver-popover-title');
    expect(heading.style.display).toBe('block');
    expect(heading.textContent).toBe('Home');
    expect(footer.getAttribute('role')).toBe('none');
  });
});
