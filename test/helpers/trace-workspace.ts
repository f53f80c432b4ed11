/**
 * A hand-derived workspace with trace tags and coverage rules (TRACE §5): documents, sources
 * and a docugraph.yml, for the tests of traces, coverage and code references.
 */
import { doc } from './testdir.js';

export const DOCS = {
  'req1.md': doc({ id: 'REQ-01', title: 'One', type: 'requirement', status: 'approved' }),
  'req2.md': doc({ id: 'REQ-02', title: 'Two', type: 'Requirement' }),
  'req3.md': doc({ id: 'REQ-03', title: 'Three', type: 'requirement', status: 'dropped' }),
  'req4.md': doc({ id: 'REQ-04', title: 'Four', type: 'requirement', status: 'approved' }),
  'be.md': doc({ id: 'BE-02', title: 'Endpoint', type: 'task', status: 'todo', depends_on: ['REQ-01'], implements: ['REQ-04'] }),
  'qa.md': doc({ id: 'QA-01', title: 'Tests', type: 'task', verifies: ['REQ-04'] }),
};
export const CONFIG = 'trace:\n  sources: ["src/**", "test/**"]\ncoverage:\n  requirement: [implements, verifies]\n  task: depends_on\n';
export const SOURCES = {
  'src/api.ts': '// docugraph: implements REQ-01\nexport {};\n/* docugraph: implements REQ-01, BE-02 */\n',
  'src/b.ts': '// docugraph: implements REQ-01\n// docugraph: implements REQ-O1\n// docugraph: refines REQ-01\n',
  'test/api.test.ts': '\n// docugraph: verifies REQ-02, REQ-03\n// docugraph: verifies NOPE\n',
};
