import QForm from '../features/forms/ui/QForm.tsx';
import { renderedByReact, renderedOncePerProps } from '../platform/astro-react.ts';
import { Header, ShareIsland } from './islands.ts';

// Astro's pages render these islands through Quire's React renderer (decision 0069); marked
// here, in server code only, so the browser's copies of the islands do not carry the marking.
// The header and share bars are pure (their markup follows from their props) and kept per
// distinct props; a form carries a fresh token on every render.
renderedOncePerProps(Header);
renderedOncePerProps(ShareIsland);
renderedByReact(QForm);
