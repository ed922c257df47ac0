const allowedTags = new Set(['B', 'STRONG', 'I', 'EM', 'UL', 'OL', 'LI', 'A', 'P', 'BR', 'DIV']);

/**
 * The rich-text area's content rebuilt from markup (an answer sent back after a failed normal
 * submission, say) with only the editor's own formatting kept: text, bold, italic, lists,
 * paragraphs, line breaks and http(s)/mailto links. Parsed inertly with DOMParser, so nothing
 * in the markup runs; the server sanitises again before anything is stored.
 */
export function editorContent(html: string): DocumentFragment {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const fragment = document.createDocumentFragment();
  const copy = (from: Node, to: Node) => {
    for (const child of Array.from(from.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        to.appendChild(document.createTextNode(child.textContent ?? ''));
      } else if (child instanceof Element) {
        if (!allowedTags.has(child.tagName)) {
          copy(child, to);
          continue;
        }
        const element = document.createElement(child.tagName.toLowerCase());
        const href = child.getAttribute('href');
        if (child.tagName === 'A' && href && /^(https?:|mailto:)/i.test(href)) {
          element.setAttribute('href', href);
        }
        copy(child, element);
        to.appendChild(element);
      }
    }
  };
  copy(parsed.body, fragment);
  return fragment;
}
