import { animateScroll, scrollTopToReveal } from '@/lib/scroll';

describe('scrollTopToReveal', () => {
  const view = { scrollTop: 100, height: 400 };

  it('leaves an item that is wholly visible alone', () => {
    expect(scrollTopToReveal(view, { top: 100, height: 40 })).toBeNull();
    expect(scrollTopToReveal(view, { top: 460, height: 40 })).toBeNull();
  });

  it('centres an item below or above the visible part', () => {
    expect(scrollTopToReveal(view, { top: 900, height: 40 })).toBe(720);
    expect(scrollTopToReveal(view, { top: 480, height: 40 })).toBe(300);
    expect(scrollTopToReveal(view, { top: 60, height: 40 })).toBe(0);
  });
});

describe('animateScroll', () => {
  it('jumps at once when there is no time to animate', () => {
    const container = document.createElement('div');
    animateScroll(container, 240, 0);
    expect(container.scrollTop).toBe(240);
  });
});
