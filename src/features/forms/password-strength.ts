import type { PasswordScorer } from './rules/password.ts';

/**
 * zxcvbn with the common-passwords dictionary and keyboard graphs, the same in the browser
 * (loaded when a password field is first focused) and on the server, so both score a
 * password alike. The language word lists (600 KB compressed for English alone) are left
 * out: see decision 0039.
 */
export async function loadPasswordScorer(): Promise<PasswordScorer> {
  const [{ ZxcvbnFactory }, common] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
  ]);
  const zxcvbn = new ZxcvbnFactory({
    dictionary: common.dictionary,
    graphs: common.adjacencyGraphs,
  });
  return (password, userInputs) => zxcvbn.check(password, userInputs).score;
}
