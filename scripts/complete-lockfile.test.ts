import { describe, expect, it } from 'vitest';
import { completeLockfile, platformOf } from './complete-lockfile.ts';

describe('platformOf', () => {
  it('reads the platform from a native build name', () => {
    expect(platformOf('@biomejs/cli-darwin-arm64')).toEqual({ os: ['darwin'], cpu: ['arm64'] });
    expect(platformOf('@biomejs/cli-linux-x64-musl')).toEqual({
      os: ['linux'],
      cpu: ['x64'],
      libc: ['musl'],
    });
    expect(platformOf('@astrojs/compiler-binding-win32-x64-msvc')).toEqual({
      os: ['win32'],
      cpu: ['x64'],
    });
    expect(platformOf('@astrojs/compiler-binding-wasm32-wasi')).toEqual({ cpu: ['wasm32'] });
    expect(platformOf('left-pad')).toBeUndefined();
  });
});

describe('completeLockfile', () => {
  it('adds missing optional platform packages and leaves present ones alone', () => {
    const lock = {
      packages: {
        '': {},
        'node_modules/@biomejs/biome': {
          version: '2.6.8',
          dev: true,
          optionalDependencies: {
            '@biomejs/cli-linux-x64': '2.6.8',
            '@biomejs/cli-darwin-arm64': '2.6.8',
            other: '^1.0.0',
          },
        },
        'node_modules/@biomejs/cli-linux-x64': { version: '2.6.8', os: ['linux'], cpu: ['x64'] },
      },
    };
    expect(completeLockfile(lock)).toEqual(['@biomejs/cli-darwin-arm64@2.6.8']);
    expect(
      lock.packages['node_modules/@biomejs/cli-darwin-arm64' as keyof typeof lock.packages],
    ).toEqual({
      version: '2.6.8',
      os: ['darwin'],
      cpu: ['arm64'],
      dev: true,
      optional: true,
    });
    expect(completeLockfile(lock)).toEqual([]);
  });
});
