/**
 * The script inlined at the top of every page's head. It runs before the body is parsed, so what
 * it wires up works from the first moment a visitor can touch the page, before any module script
 * has arrived:
 * - the `js` class on <html>, which styles that depend on JavaScript key on;
 * - the archives dropdown (`select[data-archives]`), whose choice goes straight to the month's
 *   archive. A listener on the document catches the change wherever the select is.
 * Without JavaScript the dropdown's own form asks the server for the month instead.
 */
export const headScript =
  "document.documentElement.classList.add('js');" +
  "document.addEventListener('change',function(e){var s=e.target;" +
  "if(s instanceof HTMLSelectElement&&s.hasAttribute('data-archives')&&s.value)location.assign(s.value)})";
