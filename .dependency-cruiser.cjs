// Quire's feature boundaries (docs/architecture.md, "The rules and the check"), run by
// `npm run boundaries` as part of `npm run check`. It cannot read .astro files, so features hold
// none (scripts/feature-folders.test.ts); pages and layouts compose features and may import any.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-internals',
      comment:
        "A feature reaches another feature only through that feature's root files " +
        '(files directly in src/features/<other>/, CSS included), never its server/, ui/ or deeper files.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/[^/]+/[^/]+/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'feature-to-composition-root',
      comment:
        'Features never import src/server/ (not even types); the root hands them narrow dependencies.',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'ui-to-server',
      comment:
        'ui/ never imports a server/ file, of its own feature or another, not even for types.',
      severity: 'error',
      from: { path: '^src/features/[^/]+/ui/' },
      to: { path: '^src/features/[^/]+/server/' },
    },
    {
      name: 'platform-is-a-leaf',
      comment: 'platform/ imports neither features nor src/server/.',
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { path: '^src/(features|server)/' },
    },
    {
      name: 'feature-cycle',
      comment: 'No cycle between feature folders, counting every import (type-only included).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/features/[^/]+$' },
      to: { path: '^src/features/[^/]+$', circular: true },
    },
  ],
  options: {
    includeOnly: '^src/',
    // Keep `import type`: with false, dependency-cruiser transpiles first and every type-only
    // import disappears (all 5 AppContext imports and both ui->server imports are type-only).
    tsPreCompilationDeps: true,
    // No `paths`/`baseUrl` today; still read so TypeScript resolves `extends: astro/tsconfigs/strict`.
    tsConfig: { fileName: 'tsconfig.json' },
    // .astro/.css files become graph nodes (edges *to* them resolve) but are NOT parsed:
    // imports in .astro frontmatter/<script> and CSS @import are invisible to dependency-cruiser.
    extraExtensionsToScan: ['.astro', '.css'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      // The code imports with explicit .ts/.tsx, which resolve as-is; this list only matters
      // for extensionless specifiers.
      extensions: ['.ts', '.tsx', '.js', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    // Folder-scope rules only run when folder metrics are derived.
    metrics: true,
    skipAnalysisNotInRules: true,
  },
};
