import type { Page } from 'playwright-core';

/** Where a piece of the window's own text does not fit: the text, and how it is cut. */
export interface Misfit {
  text: string;
  how: string;
}

/**
 * The window's own words (marked ⟦ ⟧ by the pseudo-language) that do not
 * fit, measured on the element boxes: an element whose content is wider or
 * taller than a box that hides its overflow (ellipses included), text that
 * runs out of its own box over its neighbours, and text that runs past the
 * edge of a clipping ancestor or the window.
 */
export function misfits(page: Page): Promise<Misfit[]> {
  return page.evaluate(() => {
    const found: { text: string; how: string }[] = [];
    const ownText = (element: HTMLElement): DOMRect => {
      let left = Infinity;
      let right = -Infinity;
      let top = Infinity;
      let bottom = -Infinity;
      for (const node of element.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rect = range.getBoundingClientRect();
        left = Math.min(left, rect.left);
        right = Math.max(right, rect.right);
        top = Math.min(top, rect.top);
        bottom = Math.max(bottom, rect.bottom);
      }
      return left === Infinity ? new DOMRect() : new DOMRect(left, top, right - left, bottom - top);
    };
    // A placeholder cannot wrap: its words, drawn in the field's font, must
    // fit the field's content box.
    const ruler = document.body.appendChild(document.createElement('span'));
    ruler.style.cssText = 'position: absolute; visibility: hidden; white-space: pre';
    for (const field of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (!/[⟦⟧]/.test(field.placeholder) || !field.checkVisibility()) continue;
      const style = getComputedStyle(field, '::placeholder');
      ruler.style.fontFamily = style.fontFamily;
      ruler.style.fontSize = style.fontSize;
      ruler.style.fontWeight = style.fontWeight;
      ruler.style.letterSpacing = style.letterSpacing;
      ruler.textContent = field.placeholder;
      const fieldStyle = getComputedStyle(field);
      const room =
        field.clientWidth -
        parseFloat(fieldStyle.paddingInlineStart) -
        parseFloat(fieldStyle.paddingInlineEnd);
      const needed = ruler.getBoundingClientRect().width;
      if (needed > room + 1) {
        found.push({
          text: field.placeholder.slice(0, 80),
          how: `placeholder ${Math.round(needed)}px wide in a ${Math.round(room)}px field`,
        });
      }
    }
    ruler.remove();
    const width = document.documentElement.clientWidth;
    const clips = (style: CSSStyleDeclaration) =>
      style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const own = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (!/[⟦⟧]/.test(own) || !element.checkVisibility()) continue;
      // Words only a screen reader reads sit in a one-pixel box on purpose.
      const outline = element.getBoundingClientRect();
      if (outline.width <= 1 || outline.height <= 1) continue;
      const style = getComputedStyle(element);
      const text = own.slice(0, 80);
      if (clips(style) && element.scrollWidth > element.clientWidth + 1) {
        found.push({
          text,
          how: `${element.scrollWidth}px wide in a ${element.clientWidth}px box`,
        });
        continue;
      }
      if (style.overflowY !== 'visible' && element.scrollHeight > element.clientHeight + 1) {
        found.push({
          text,
          how: `${element.scrollHeight}px tall in a ${element.clientHeight}px box`,
        });
        continue;
      }
      // The element's own words, not the children beside them (a hidden
      // part for screen readers, an icon).
      const box = ownText(element);
      if (box.width === 0) continue;
      if (
        box.left < outline.left - 1 ||
        box.right > outline.right + 1 ||
        box.bottom > outline.bottom + 1
      ) {
        found.push({ text, how: 'runs out of its own box' });
        continue;
      }
      if (box.left < -1 || box.right > width + 1) {
        found.push({
          text,
          how: `runs past the window (${Math.round(box.left)}–${Math.round(box.right)}px)`,
        });
        continue;
      }
      for (let outer = element.parentElement; outer; outer = outer.parentElement) {
        const outerStyle = getComputedStyle(outer);
        if (outerStyle.overflowX === 'visible') continue;
        const edge = outer.getBoundingClientRect();
        if (box.left < edge.left - 1 || box.right > edge.right + 1) {
          found.push({ text, how: `cut by ${outer.tagName.toLowerCase()}.${outer.className}` });
        }
        break;
      }
    }
    return found;
  });
}
