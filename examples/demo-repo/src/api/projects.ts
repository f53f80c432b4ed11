import { nameProblem, normaliseName, uniquenessKey } from '../domain/project-name.js';

export interface ProjectStore {
  activeNames(teamId: string): Promise<Set<string>>;
  activeCount(teamId: string): Promise<number>;
  insert(teamId: string, name: string, description: string | null): Promise<{ id: string }>;
}

export interface CreateRequest {
  readonly teamId: string;
  readonly plan: 'free' | 'team';
  readonly body: { readonly name?: unknown; readonly description?: unknown };
}

/** An RFC 9457 problem (DEC-002). */
export interface Problem {
  readonly status: number;
  readonly type: string;
  readonly detail: string;
}

const LIMITS = { free: 10, team: 500 } as const;

/* docugraph: implements BE-02 */
export async function createProject(store: ProjectStore, request: CreateRequest): Promise<{ status: 201; id: string } | Problem> {
  const raw = typeof request.body.name === 'string' ? request.body.name : '';
  const name = normaliseName(raw);
  const problem = nameProblem(name);
  if (problem !== null) return { status: 422, type: 'https://acme.example/problems/invalid-name', detail: problem };
  const taken = await store.activeNames(request.teamId);
  if (taken.has(uniquenessKey(name))) return { status: 409, type: 'https://acme.example/problems/name-taken', detail: `a project named "${name}" exists` };
  const limit = LIMITS[request.plan];
  if ((await store.activeCount(request.teamId)) >= limit) return { status: 403, type: 'https://acme.example/problems/project-limit', detail: `the ${request.plan} plan allows ${limit} active projects` };
  const description = typeof request.body.description === 'string' && request.body.description.trim() !== '' ? request.body.description.trim() : null;
  // docugraph: implements REQ-01 (limits checked with the insert, in one transaction)
  const { id } = await store.insert(request.teamId, name, description);
  return { status: 201, id };
}
