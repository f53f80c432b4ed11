import { describe, expect, it } from 'vitest';
import { createProject, type ProjectStore } from '../src/api/projects.js';

const store = (names: string[], count = names.length): ProjectStore => ({
  activeNames: async () => new Set(names),
  activeCount: async () => count,
  insert: async () => ({ id: '0190a7c2-0000-7000-8000-000000000001' }),
});

describe('POST /v1/projects', () => {
  it('creates a project', async () => { // docugraph: verifies BE-02
    expect(await createProject(store([]), { teamId: 't', plan: 'free', body: { name: 'Roadmap' } })).toEqual({ status: 201, id: '0190a7c2-0000-7000-8000-000000000001' });
  });

  it('rejects a duplicate name with 409', async () => { /* docugraph: verifies REQ-01, BE-02 */
    expect(await createProject(store(['roadmap']), { teamId: 't', plan: 'free', body: { name: 'Roadmap' } })).toMatchObject({ status: 409 });
  });
});
