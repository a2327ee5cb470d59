/**
 * The ceiling of a run: a bare Fastify route answering a fixed JSON body of CEILING_BYTES (the size of the
 * list page the bench measures), in its own process like the real server. Every case is reported as a share of it.
 */
import Fastify from 'fastify';

const bytes = Number(process.env.CEILING_BYTES ?? 2048);
const item = { id: 1, title: '리액트 사이드 프로젝트 팀원 모집합니다', topic: '웹 개발', tags: ['React', 'TypeScript'] };
const content: unknown[] = [];
while (JSON.stringify({ content, totalElements: 50000 }).length < bytes) content.push({ ...item, id: content.length + 1 });
const body = { content, totalElements: 50000 };

const app = Fastify({ logger: false });
app.get('/ceiling', async () => body);
await app.listen({ port: Number(process.env.PORT ?? 8091), host: '127.0.0.1' });
