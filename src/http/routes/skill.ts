import type { FastifyInstance } from 'fastify';
import type { KnownRoutes } from '../known-routes.ts';

/** GET /skill/SKILL.md, /skill.zip, /.well-known/agent-skills/index.json, /llms.txt. Filled in by the skill work. */
export function registerSkillRoutes(_app: FastifyInstance, _knownRoutes: KnownRoutes): void {}
