#!/usr/bin/env node
/**
 * After `changeset version` bumps package.json: writes the same version into server.json (the
 * server's version and its npm package's), so the MCP Registry entry names the release that
 * is published with it. `npm run version-packages` runs both; test/packaging/server-json.test.ts
 * fails when they differ. And writes CHANGELOG.md's Unreleased section again from the changesets
 * left (none after a release: it goes, the release's own entry below says it all).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unreleasedSection, withSection } from './changelog-unreleased.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { name, version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
const server = JSON.parse(readFileSync(`${root}server.json`, 'utf8'));
server.version = version;
for (const entry of server.packages) if (entry.registryType === 'npm' && entry.identifier === name) entry.version = version;
writeFileSync(`${root}server.json`, `${JSON.stringify(server, null, 2)}\n`);
process.stderr.write(`server.json: ${version}\n`);
const changelog = `${root}CHANGELOG.md`;
writeFileSync(changelog, withSection(readFileSync(changelog, 'utf8'), unreleasedSection()));
