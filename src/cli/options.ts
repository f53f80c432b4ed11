/**
 * Option helpers shared by the commands.
 */
import { InvalidArgumentError, Option } from 'commander';

/** `--max-depth <n>`: an integer ≥ 0. */
export function depthOption(description: string): Option {
  return new Option('--max-depth <n>', description).argParser((value: string) => {
    if (!/^\d+$/.test(value)) throw new InvalidArgumentError('Expected an integer ≥ 0.');
    return Number(value);
  });
}
