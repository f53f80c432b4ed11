#!/usr/bin/env node
/**
 * A spec-kit repository of about `<items>` items (KITS §2): a third each in Kiro, Spec Kit and
 * OpenSpec folders of about 100 items a feature (requirements with their criteria or scenarios,
 * stories, FR- requirements, checkbox tasks citing them, a design or plan), generated with a
 * fixed seed. `docugraph validate` on it (end to end, Node start-up included) beside the floor
 * (`bench/floor.mjs`: Node reading every `.md` file), interleaved, medians.
 *
 * Prints `{ items, features, files, bytes, floor, validate }` (times in ms) as JSON.
 *
 *   node bench/kits.mjs [items=100000] [runs=5] [--keep <dir>]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'dist', 'bin', 'docugraph.js');
const FLOOR = join(ROOT, 'bench', 'floor.mjs');
const args = process.argv.slice(2);
const keep = args.includes('--keep') ? args[args.indexOf('--keep') + 1] : null;
const positional = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--keep');
const items = Number(positional[0] ?? 100000);
const runs = Number(positional[1] ?? 5);

let seed = 20261202;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const WORDS = ['account', 'album', 'queue', 'token', 'session', 'export', 'report', 'cache', 'index', 'upload', 'search', 'billing', 'invite', 'audit', 'backup', 'theme'];
const words = (n) => Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');

/** Writes one feature of each kit in turn until about `items` items are written; the count of items and features. */
export function generateKits(dir, target) {
  let count = 0;
  let features = 0;
  const write = (path, text) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write('docugraph.yml', 'kits: [kiro, speckit, openspec]\n');
  for (let f = 0; count < target; f += 1) {
    const name = `feature-${String(f).padStart(5, '0')}`;
    features += 1;
    if (f % 3 === 0) {
      // Kiro: 8 requirements × 5 criteria (48 items), 8 groups × 6 tasks (48 items).
      const req = ['# Requirements Document', '', '## Introduction', '', words(30), ''];
      for (let r = 1; r <= 8; r += 1) {
        req.push(`### Requirement ${r}: ${words(3)}`, '', `**User Story:** As a user, I want ${words(8)}, so that ${words(6)}`, '', '#### Acceptance Criteria', '');
        for (let c = 1; c <= 5; c += 1) req.push(`${c}. WHEN ${words(5)} THEN the system SHALL ${words(6)}`);
        req.push('');
      }
      const tasks = ['# Implementation Plan', ''];
      for (let g = 1; g <= 8; g += 1) {
        tasks.push(`- [${rand() < 0.4 ? 'x' : ' '}] ${g}. ${words(4)}`);
        for (let t = 1; t <= 5; t += 1) {
          tasks.push(`  - [${rand() < 0.3 ? 'x' : ' '}] ${g}.${t} ${words(6)}`, `    - ${words(10)}`, `    - _Requirements: ${g}.${t}, ${1 + Math.floor(rand() * 8)}.${1 + Math.floor(rand() * 5)}_`);
          if (t > 1 && rand() < 0.5) tasks.push(`    - _Depends: ${g}.${t - 1}_`);
        }
        tasks.push('');
      }
      write(`.kiro/specs/${name}/requirements.md`, `${req.join('\n')}\n`);
      write(`.kiro/specs/${name}/design.md`, `# Design\n\n## Overview\n\n${words(80)}\n\n## Components\n\n${words(120)}\n`);
      write(`.kiro/specs/${name}/tasks.md`, `${tasks.join('\n')}\n`);
      count += 96;
    } else if (f % 3 === 1) {
      // Spec Kit: 4 stories, 30 FR, 6 SC (40 items), 60 tasks.
      const spec = [`# Feature Specification: ${words(3)}`, '', '## User Scenarios & Testing', ''];
      for (let s = 1; s <= 4; s += 1) spec.push(`### User Story ${s} - ${words(3)} (Priority: P${s})`, '', words(25), '', '**Acceptance Scenarios**:', '', `1. **Given** ${words(4)}, **When** ${words(4)}, **Then** ${words(4)}`, '');
      spec.push('## Requirements', '', '### Functional Requirements', '');
      for (let r = 1; r <= 30; r += 1) spec.push(`- **FR-${String(r).padStart(3, '0')}**: System MUST ${words(8)}`);
      spec.push('', '## Success Criteria', '');
      for (let r = 1; r <= 6; r += 1) spec.push(`- **SC-${String(r).padStart(3, '0')}**: ${words(9)}`);
      const tasks = ['---', 'description: "Task list"', '---', '', `# Tasks: ${words(3)}`, ''];
      for (let t = 1; t <= 60; t += 1) {
        if (t % 15 === 1) tasks.push('', `## Phase ${Math.ceil(t / 15)}`, '');
        const dep = t > 1 && rand() < 0.4 ? ` (depends on T${String(t - 1).padStart(3, '0')})` : '';
        tasks.push(`- [${rand() < 0.3 ? 'X' : ' '}] T${String(t).padStart(3, '0')} ${rand() < 0.5 ? '[P] ' : ''}[US${1 + (t % 4)}] ${words(6)} for FR-${String(1 + (t % 30)).padStart(3, '0')} in src/${WORDS[t % WORDS.length]}.ts${dep}`);
      }
      write(`specs/${name}/spec.md`, `${spec.join('\n')}\n`);
      write(`specs/${name}/plan.md`, `# Implementation Plan\n\n## Summary\n\n${words(100)}\n`);
      write(`specs/${name}/tasks.md`, `${tasks.join('\n')}\n`);
      count += 100;
    } else {
      // OpenSpec: a capability of 40 requirements with two scenarios each, a change of 50 tasks and 10 added requirements.
      const spec = [`# ${name} Specification`, '', '## Purpose', words(20), '', '## Requirements'];
      for (let r = 1; r <= 40; r += 1) spec.push(`### Requirement: ${name} rule ${r}`, `The system SHALL ${words(10)}.`, '', '#### Scenario: first', `- **WHEN** ${words(5)}`, `- **THEN** ${words(5)}`, '', '#### Scenario: second', `- **WHEN** ${words(5)}`, `- **THEN** ${words(5)}`, '');
      const delta = ['## ADDED Requirements'];
      for (let r = 1; r <= 10; r += 1) delta.push(`### Requirement: ${name} addition ${r}`, `The system SHALL ${words(8)}.`, '', '#### Scenario: added', `- **WHEN** ${words(4)}`, `- **THEN** ${words(4)}`, '');
      delta.push('## MODIFIED Requirements', `### Requirement: ${name} rule 1`, `The system SHALL ${words(8)}.`, '');
      const tasks = [];
      for (let g = 1; g <= 5; g += 1) {
        tasks.push(`## ${g}. ${words(2)}`);
        for (let t = 1; t <= 10; t += 1) tasks.push(`- [${rand() < 0.3 ? 'x' : ' '}] ${g}.${t} ${words(7)}`);
        tasks.push('');
      }
      write(`openspec/specs/${name}/spec.md`, `${spec.join('\n')}\n`);
      write(`openspec/changes/change-${name}/proposal.md`, `# Change: ${words(3)}\n\n## Why\n${words(30)}\n\n## What Changes\n- ${words(10)}\n`);
      write(`openspec/changes/change-${name}/tasks.md`, `${tasks.join('\n')}\n`);
      write(`openspec/changes/change-${name}/specs/${name}/spec.md`, `${delta.join('\n')}\n`);
      count += 100;
    }
  }
  return { items: count, features };
}

function timeOnce(argv) {
  const start = performance.now();
  const result = spawnSync(process.execPath, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
  const ms = performance.now() - start;
  if (result.status !== 0 && result.status !== 1) throw new Error(`${argv.join(' ')} exited with ${result.status}: ${String(result.stderr).slice(0, 500)}`);
  return { ms, stdout: String(result.stdout) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = keep ?? mkdtempSync(join(tmpdir(), 'docugraph-bench-kits-'));
  try {
    const made = generateKits(dir, items);
    const bytes = Number(timeOnce([FLOOR, dir]).stdout.trim());
    const report = JSON.parse(timeOnce([CLI, 'validate', dir, '--format', 'json']).stdout);
    const floors = [];
    const validates = [];
    for (let run = 0; run < runs; run += 1) {
      floors.push(timeOnce([FLOOR, dir]).ms);
      validates.push(timeOnce([CLI, 'validate', dir, '--format', 'json']).ms);
    }
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    process.stdout.write(`${JSON.stringify({ ...made, nodes: report.nodeCount, files: report.nodeCount - made.items, bytes, floor: median(floors), validate: median(validates) })}\n`);
  } finally {
    if (keep === null) rmSync(dir, { recursive: true, force: true });
  }
}
