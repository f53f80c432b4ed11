/**
 * `kits:` of `docugraph.yml` (KITS §1): the spec kits whose folders are read as items, and the
 * coverage the kits bring when `coverage:` is not configured (KITS §5).
 */
import { KIT_NAMES, type CoverageRule, type KitName } from '../shared/config-types.js';
import { compareStrings } from '../shared/sort.js';
import type { ConfigReader } from './config-reader.js';
import { yamlNodes } from './yaml.js';

/** `kits: [kiro, speckit, openspec]` (or one name): each known name once, in `KIT_NAMES` order; `null` after a problem. */
export function readKits(reader: ConfigReader, node: unknown): KitName[] | null {
  const { isScalar } = yamlNodes();
  const names = isScalar(node) && typeof node.value === 'string' && node.value !== '' ? [node.value] : reader.strings(node, 'kits', KIT_NAMES.length * 4);
  if (names === null) return null;
  const unknown = names.find((name) => !(KIT_NAMES as readonly string[]).includes(name));
  if (unknown !== undefined) {
    reader.fail(node, `\`kits\` names \`${unknown}\`, which is not a kit DocuGraph reads; the kits are ${KIT_NAMES.map((k) => `\`${k}\``).join(', ')}`);
    return null;
  }
  return KIT_NAMES.filter((name) => names.includes(name));
}

/** The item types each kit's coverage rules are about (KITS §5, §7): Kiro's acceptance criteria; Spec Kit's stories, functional requirements and success criteria. */
const KIT_COVERAGE: Readonly<Partial<Record<KitName, readonly string[]>>> = { kiro: ['acceptance-criterion'], speckit: ['functional-requirement', 'success-criterion', 'user-story'] };

/** The coverage rules of `kits` when `coverage:` is not set: each kit's items implemented by some task, judged feature by feature (KITS §7); sorted by type. */
export function kitCoverage(kits: readonly KitName[]): CoverageRule[] {
  const rules: CoverageRule[] = [];
  for (const kit of kits) for (const type of KIT_COVERAGE[kit] ?? []) rules.push({ type, relations: ['implements'], byFeature: true });
  return rules.sort((a, b) => compareStrings(a.type, b.type));
}
