import { createElement, type FunctionComponent, type ReactNode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { AdminIslandName } from './admin-islands.ts';

/**
 * The admin's browser entry, bundled on its own (server/admin-bundle.ts): hydrates each
 * element a page marked with `data-admin-island`, with the props the server rendered it from.
 * Each island's code is fetched when a screen has it, so the dashboard does not load what only
 * the settings need (React Aria, zod).
 */
type Loader = () => Promise<{ default: FunctionComponent<never> }>;
const islands: Record<AdminIslandName, Loader> = {
  BackupDownload: () => import('./BackupDownload.tsx'),
  CopyEmbed: () => import('./CopyEmbed.tsx'),
  CopyField: () => import('./CopyField.tsx'),
  FormBuilder: () => import('./FormBuilder.tsx'),
  ExportEntries: () => import('./ExportEntries.tsx'),
  ForumNotice: () => import('./ForumNotice.tsx'),
  ImportRunStatus: () => import('./ImportRunStatus.tsx'),
  ImportUpload: () => import('./ImportUpload.tsx'),
  MediaLibrary: () => import('./MediaLibrary.tsx'),
  PostEditor: () => import('./PostEditor.tsx'),
  RecordPayment: () => import('./RecordPayment.tsx'),
  SelectAllEntries: () => import('./SelectAllEntries.tsx'),
  SelectAllPosts: () => import('./SelectAllPosts.tsx'),
  SettingsScreen: () => import('./SettingsScreen.tsx'),
  StatsChart: () => import('./StatsChart.tsx'),
};

/** Marks the island once React has taken it over (`data-hydrated`), for tests and styles. */
function Hydrated({ element, children }: { element: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    element.dataset.hydrated = '';
  }, [element]);
  return children;
}

for (const element of document.querySelectorAll<HTMLElement>('[data-admin-island]')) {
  const name = element.dataset.adminIsland ?? '';
  if (!Object.hasOwn(islands, name)) continue;
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  void islands[name as AdminIslandName]().then(({ default: component }) => {
    const island = createElement(component as FunctionComponent<object>, props);
    hydrateRoot(element, <Hydrated element={element}>{island}</Hydrated>);
  });
}
