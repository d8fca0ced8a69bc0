import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core in the page as it stands; returns the serious and critical violations only. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = window.axe;
    if (!axe) throw new Error('axe-core did not load');
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
  });
}

/** How far the page reaches past the viewport's right edge, in CSS pixels (0: no sideways scroll). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** The elements that stick out past the right edge, for a readable failure. */
export function elementsPastRightEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 140));
  });
}

/** Whether the focused element draws a visible focus indicator (an outline or a ring). */
export function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return false;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return outline || ring;
  });
}

/**
 * What the floating buttons (fixed links and buttons: the community link, the support chat's)
 * cover as the page stands: each link, button or field whose box, and each line of text whose
 * glyphs, lie under one of them, named for a readable failure. Buttons stepped aside (transparent)
 * cover nothing.
 */
export function coveredByFloatingButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 1 && rect.height > 1 && getComputedStyle(element).visibility !== 'hidden';
    };
    const floating = Array.from(document.querySelectorAll('a, button')).filter((element) => {
      const style = getComputedStyle(element);
      return (
        style.position === 'fixed' &&
        Number(style.opacity) > 0.5 &&
        shown(element) &&
        element.getBoundingClientRect().top >= innerHeight / 2
      );
    });
    const boxes = floating.map((element) => element.getBoundingClientRect());
    // The part of a box its scrolling ancestors let show (a wide table scrolls inside its card).
    const visiblePart = (rect: DOMRect, from: Element | null) => {
      let { left, right, top, bottom } = rect;
      for (let box = from; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = box.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
        top = Math.max(top, clip.top);
        bottom = Math.min(bottom, clip.bottom);
      }
      return new DOMRect(left, top, right - left, bottom - top);
    };
    const under = (whole: DOMRect, from: Element | null) => {
      const rect = visiblePart(whole, from);
      return (
        rect.width > 1 &&
        rect.height > 1 &&
        boxes.some(
          (box) =>
            rect.left < box.right &&
            rect.right > box.left &&
            rect.top < box.bottom &&
            rect.bottom > box.top,
        )
      );
    };
    const outside = (element: Element) =>
      !floating.some((button) => button.contains(element) || element.contains(button)) &&
      !element.closest('[aria-hidden="true"]') &&
      shown(element);
    const interactive = Array.from(
      document.querySelectorAll(
        'a[href], button, input, select, textarea, [role="checkbox"], [role="radio"], [role="switch"]',
      ),
    ).filter(
      (element) =>
        outside(element) && under(element.getBoundingClientRect(), element.parentElement),
    );
    const texts: Element[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || !outside(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (Array.from(range.getClientRects()).some((rect) => under(rect, parent)))
        texts.push(parent);
    }
    return [...interactive, ...texts].map(
      (element) => `${element.tagName.toLowerCase()}: ${element.textContent?.trim().slice(0, 60)}`,
    );
  });
}
