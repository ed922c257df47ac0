// The islands every page has, in one module: Astro gives each island the address of its
// component's module, so the header and the share bar load as one browser file rather than two
// (decision 0007). Pages import the islands from here, never from their features directly.

export { default as ShareIsland } from '../features/share/ui/ShareIsland.tsx';
export { default as Header } from '../features/site/ui/Header.tsx';
