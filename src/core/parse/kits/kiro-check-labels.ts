/**
 * Kiro's property-test label in Chinese, Japanese and Korean, and what it means in a file (KITS §7): the label that says a
 * task checks requirements, `**验证: 需求 2.9**`, and the one that says they are verified, `**验证需求: 1.1**` — `verifies`
 * or `implements` by the file's practice (read-kiro.ts reads them with its other labels).
 */
import { BOX_MARK } from './kit-read.js';

/**
 * Kiro's `**Validates: Requirements 2.9**` in Chinese, Japanese or Korean (`**验证: 需求 2.9**`, `**検証: 要件 6.1**`, `**검증: 요구사항 5.3**`:
 * taemin6536/CoinAuto; only before
 * a word for requirements: `验证：3 轮压测均通过` is a check, not a list: a review). What it means is the file's practice: where
 * its tasks cite under `_需求:_` (lxm-001/accountRecord, okajun35/VetVoice), it is the property test's `verifies`; where
 * nothing else cites (LuChangQiu/kiro-spec-engine's implementation tasks), it is how they cite: `implements`.
 */
export const CHECKS_LABEL = /(?:^|[\s(])(_|\*\*)?(?:验证|驗證|検証|검증)(?=(?:\*\*)?[ \t]*[:：][ \t]*(?:\*\*)?[ \t]*(?:Requirements?\b|需求|要件|요구사항))(?:\*\*)?[ \t]*[:：][ \t]*(?:\*\*|\1)?/gim;
/**
 * `**验证需求: 1.1, 1.2**`, `- 验证需求: 1.1-1.5` (Chinese "requirements verified", on a test task: 997899594/Juanie,
 * zsyh27/excel_matching's E2E tasks), Japanese `**検証対象: 要件 6.1**`, Korean `**검증 대상: 요구사항 1.1**` ("verified": argondev22/notion-relation-view,
 * Minpa/Robot-Competitive-Intelligence-Portal), bold or plain: the label says it verifies, whatever else the file writes
 * (in italics it is `VERIFIED_TRAILER`).
 */
export const VERIFIED_LABEL = /(?:^|[\s(])(\*\*)?(?:(?:验证|驗證|検証)(?:需求|要件|対象)|검증[ \t]*대상)(?:\*\*)?[ \t]*[:：][ \t]*(?:\*\*|\1)?/gim;
/**
 * The same label written as Kiro writes its `_Requirements:_` trailer, in italics: `- _验证需求: 1.1, 1.2_` under an
 * implementation task (bohesocool/autoCeya): it implements where the file's tasks cite no other way and its property
 * tests write the label bold or plain (`**验证需求: 1.3**`) — the team's two forms, two meanings; else it verifies, as a
 * test's citation (D-494's rule (b): a criterion only a test names is not implemented: a review).
 */
export const VERIFIED_TRAILER = /(?:^|[\s(])(_)(?:(?:验证|驗證|検証)(?:需求|要件|対象)|검증[ \t]*대상)[ \t]*[:：][ \t]*(?:\1)?/gim;
/** `VERIFIED_LABEL` once, bold or plain: whether a file writes it so. */
const VERIFIED_ELSEWHERE = new RegExp(VERIFIED_LABEL.source, 'im');
/** A word of `CHECKS_LABEL`: a file without one needs no look at its practice. */
const CHECKS_WORD = /验证|驗證|検証|검증/;

/**
 * What `CHECKS_LABEL` and `VERIFIED_TRAILER` mean in a tasks file of text `body`: `verifies` where its tasks cite
 * otherwise (`citesOtherwise`), else `implements` — the trailer only where the file writes `VERIFIED_LABEL` too.
 */
export function checkRelations(body: string, citesOtherwise: (body: string) => boolean): { readonly checks: CheckRelation; readonly trailer: CheckRelation } {
  const checks: CheckRelation = CHECKS_WORD.test(body) && citesOtherwise(body) ? 'verifies' : 'implements';
  return { checks, trailer: checks === 'implements' && VERIFIED_ELSEWHERE.test(body) ? 'implements' : 'verifies' };
}

/** What a check label may mean. */
export type CheckRelation = 'verifies' | 'implements';

/** The word of Kiro's property-test line, in Spanish and Portuguese, French, German too. */
const VALIDATES = 'Validates|Valida|Valide|Validiert';
/** Kiro's property-test line, `**Validates: Requirements 2.9**`, in the languages of `VALIDATES` (`**Valida: Requisito 3.4**`: floresRicardozv/Mostrar-PlataformaRH). */
export const VALIDATES_LABEL = new RegExp(`(?:^|[\\s(])(_|\\*\\*)?(?:${VALIDATES})(?:\\*\\*)?[ \\t]*[:：][ \\t]*(?:\\*\\*|\\1)?`, 'gim');
/** What says a task is a test: `test`, `testing`, `property-based`, `property test`, in the team's language too (not a bare `property`). */
const TEST_WORDS = /\b(?:tests?|testing|property[- ](?:based|tests?)|pruebas?|testes?)\b|テスト|测试|測試|테스트/i;
/** A task Kiro marks optional (`- [ ]* 4. …`, `- [ ]\* 4.`), as it marks its property tests. */
const OPTIONAL_TASK = new RegExp(String.raw`^[ \t]*[-*+][ \t]+\[${BOX_MARK}\](?:\\?\*)`);

/**
 * Whether a task is a test, by its title (`Write unit tests for …`, `Property test: …`, not `Implement Property model`: a review),
 * Kiro's optional mark, or a `Validates` line that says it is a test's (`**Property-Based Test**: Validates: Requirements 13.1`,
 * `**Property 3: …** Validates`): looked at line by line, linear.
 */
export function isTestTask(title: string, text: string): boolean {
  if (TEST_WORDS.test(title) || OPTIONAL_TASK.test(text) || /\*\*Property[ \t]+\d/.test(text)) return true;
  for (const line of text.split('\n')) if (VALIDATES_WORD.test(line) && (TEST_WORDS.test(line) || /\bProperty[ \t]+\d/i.test(line))) return true;
  return false;
}
/** A word of `VALIDATES_LABEL`: a file without one needs no look at its practice. */
export const VALIDATES_WORD = new RegExp(VALIDATES, 'i');
