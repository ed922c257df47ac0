/**
 * The form island for the admin's form builder (issue 16, point 1), whose preview is the real
 * island rendered from a definition not yet saved: loaded on demand, with the views of the
 * field types the definition uses, so the admin's own bundle carries none of it until then.
 */
export async function loadFormIsland(fieldTypes: Iterable<string>) {
  const [island, widgets] = await Promise.all([
    import('./ui/QForm.tsx'),
    import('./ui/field-widgets.ts'),
  ]);
  await widgets.loadWidgetGroups(fieldTypes);
  return island.default;
}
