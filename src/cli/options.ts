/**
 * Option helpers shared by the commands.
 */
import { InvalidArgumentError, Option } from 'commander';

/** `--max-depth <n>`: an integer ≥ 0 (at most 2^53 − 1, past which numbers are not exact). */
export function depthOption(description: string): Option {
  return new Option('--max-depth <n>', description).argParser((value: string) => {
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw new InvalidArgumentError('Expected an integer ≥ 0 (any depth past the longest chain of documents means no limit).');
    return Number(value);
  });
}

/** `--max-tokens <n>`: a token budget, an integer ≥ 1. */
export function maxTokensOption(description: string): Option {
  return new Option('--max-tokens <n>', description).argParser((value: string) => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < 1 || !Number.isSafeInteger(n)) throw new InvalidArgumentError('Expected an integer ≥ 1 (a budget in tokens, ≈ bytes / 4).');
    return n;
  });
}
