/**
 * @jest-environment jsdom
 */
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });

import { render, screen } from '@testing-library/react';
import { WelcomeBanner } from './WelcomeBanner';

/** The invite banner's decorative snow was drawn over its text (issue 38 item 7). */
describe('the Welcome banner of an invitation link', () => {
  it('stacks the snow under the text, which stands on its own plate', () => {
    const { container } = render(<WelcomeBanner text="Welcome Ravi! Asha invited you." />);
    const text = screen.getByText('Welcome Ravi! Asha invited you.');
    const paragraph = text.closest('p')!;
    const banner = container.firstElementChild as HTMLElement;
    const sky = banner.querySelector('[aria-hidden="true"]') as HTMLElement;
    // The banner is its own stacking context: what the page does around it cannot lift the snow.
    expect(getComputedStyle(banner).isolation).toBe('isolate');
    expect(Number(getComputedStyle(sky).zIndex)).toBeLessThan(Number(getComputedStyle(paragraph).zIndex));
    // The words sit on an opaque-enough plate the flakes pass behind.
    expect(text.tagName).toBe('SPAN');
    expect(getComputedStyle(text).backgroundColor).toMatch(/^rgba\(33, 22, 110, 0\.7\d*\)$/);
  });
});
